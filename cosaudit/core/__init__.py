"""Pure mathematics on arrays: no files, no printing, no click or rich. Imports nothing from the
other layers of cosaudit."""
