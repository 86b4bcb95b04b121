"""The data of a check: severities, findings, notices and the result of a whole run."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Severity(enum.Enum):
    """How bad a finding is; ordered info < warning < error."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return {"info": 0, "warning": 1, "error": 2}[self.value]

    @classmethod
    def parse(cls, value: str) -> Severity:
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise ValueError(
                f"unknown severity {value!r} (expected one of: info, warning, error)"
            ) from None


class Confidence(enum.Enum):
    """How the finding was established: traced source (high), names only (medium), prose (low)."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


@dataclass(frozen=True)
class Finding:
    """One flagged place. `line` and `column` are 1-based; `cell` is the 1-based notebook cell."""

    code: str
    severity: Severity
    path: str
    line: int
    column: int
    message: str
    cell: int | None = None
    confidence: Confidence = Confidence.HIGH
    # the offending line's text, whitespace collapsed (baselines fingerprint findings by it)
    snippet: str = field(default="", compare=False)
    # what was seen, without why and what to do instead (the concise report's line; "": the message)
    summary: str = field(default="", compare=False)

    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.code)


class NoticeKind(enum.Enum):
    """Why a file was skipped or scanned only partly (never a finding, never an exit code)."""

    BINARY = "binary"
    TOO_LARGE = "too-large"
    UNDECODABLE = "undecodable"
    UNREADABLE = "unreadable"
    MALFORMED_NOTEBOOK = "malformed-notebook"
    NOTEBOOK_AS_SCRIPT = "notebook-as-script"  # a `.ipynb` of Python source, read as a script
    SYNTAX_ERROR = "syntax-error"
    TOO_COMPLEX = "too-complex"
    UNSUPPORTED = "unsupported"


@dataclass(frozen=True)
class Notice:
    """A note about a file: skipped (binary, too large, undecodable, …) or scanned partly."""

    path: str
    kind: NoticeKind
    message: str
    line: int | None = None
    cell: int | None = None

    @property
    def skipped(self) -> bool:
        return self.kind not in (NoticeKind.SYNTAX_ERROR, NoticeKind.TOO_COMPLEX, NoticeKind.NOTEBOOK_AS_SCRIPT)

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.cell or 0, self.line or 0, self.kind.value)


@dataclass
class CheckResult:
    """Everything a renderer needs: findings, notices, counts and the rules that were on."""

    findings: list[Finding] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    files_scanned: int = 0
    selected: tuple[str, ...] = ()
    fail_on: Severity = Severity.ERROR

    def sort(self) -> None:
        self.findings.sort(key=Finding.sort_key)
        self.notices.sort(key=Notice.sort_key)

    def failing(self) -> list[Finding]:
        """Findings at or above `fail_on`: these make `cosaudit check` exit 1."""
        return [f for f in self.findings if f.severity.rank >= self.fail_on.rank]

    def counts(self) -> dict[str, int]:
        out = {s.value: 0 for s in Severity}
        for f in self.findings:
            out[f.severity.value] += 1
        return out
