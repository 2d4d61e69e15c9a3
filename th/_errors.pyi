# Types of th._errors (compiled): importing it installs th's error handler.
MAX_MISUSE_REPORTS: int

def pop_misuse_reports() -> list[str]: ...
