"""The one exception tree of cosaudit.

Library code raises these and never exits; `cosaudit.cli._errors` maps them to one line on
stderr and an exit code. Every error carries a `hint`: what the user can try next.
"""

from __future__ import annotations


class CosauditError(Exception):
    """Base of every error cosaudit reports to a user (exit code 2)."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.where = where

    def __str__(self) -> str:
        return self.message


class UsageError(CosauditError):
    """Options that do not fit together, or values out of range."""


class InputError(CosauditError):
    """Something the user pointed us at cannot be used."""


class CheckpointNotFoundError(InputError):
    """A path, folder or Hub repo that does not exist (or is not in the offline cache)."""


class CheckpointFormatError(InputError):
    """A file that is not a valid safetensors / numpy file, or is truncated or inconsistent."""


class UnsafeFormatError(InputError):
    """A pickle-based checkpoint (.bin, .pt, .pkl): refused, never unpickled."""


class HeadNotFoundError(InputError):
    """No tensor that looks like the output head; the message lists the candidates."""


class LabelError(InputError):
    """A label that is not in the vocabulary, or that is several tokens."""


class DataError(InputError):
    """Numbers that cannot be audited as asked (NaN/Inf, zero rows, d = 1 …)."""


class UnsupportedSymmetryError(InputError):
    """A symmetry that does not hold for this head (translation on sigmoid / soft-capped heads)."""


class HubError(InputError):
    """A Hugging Face Hub repo that could not be resolved."""


class HubUnreachableError(HubError):
    """The Hub could not be reached: no network, DNS failure, proxy refusal, timeout."""


class HubAuthError(HubError):
    """A gated or private repo: a token is needed (or the token given has no access)."""


class HubResponseError(HubError):
    """An answer from the Hub that cannot be right (wrong length, impossible header): nothing kept."""


class OutputError(CosauditError):
    """An output path that cannot be written (exists, inside the input, unwritable, disk full)."""


class ConfigError(CosauditError):
    """An invalid `[tool.cosaudit]` section."""


class MissingExtraError(CosauditError):
    """An optional dependency (e.g. matplotlib for figures) is not installed."""
