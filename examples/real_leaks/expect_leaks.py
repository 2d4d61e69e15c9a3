"""Runs pytest here and passes only when exactly the named tests fail for a
leak: their calls pass and their teardowns fail with th's leak report, and
every other test passes. tox -e leaks-real-leaky uses it, so that the env
passes when the harness finds the leaks the leaky releases ship.

    python expect_leaks.py NODEID... -- PYTEST_ARGS..."""
import sys

import pytest


class Outcomes:
    """Each test's failed phases (setup, call, teardown) and teardown text."""

    def __init__(self):
        self.failed = {}
        self.leak_reports = {}

    def pytest_runtest_logreport(self, report):
        phases = self.failed.setdefault(report.nodeid, [])
        if report.failed:
            phases.append(report.when)
            if report.when == "teardown":
                self.leak_reports[report.nodeid] = report.longreprtext


def main(argv):
    split = argv.index("--") if "--" in argv else len(argv)
    expected, pytest_args = set(argv[:split]), argv[split + 1:]
    outcomes = Outcomes()
    code = pytest.main(pytest_args, plugins=[outcomes])
    leaked = {nodeid for nodeid, text in outcomes.leak_reports.items()
              if text.startswith("th leak check")}
    problems = [f"not run: {nodeid}" for nodeid in sorted(expected - set(outcomes.failed))]
    for nodeid, phases in sorted(outcomes.failed.items()):
        if nodeid in expected and phases != ["teardown"] or nodeid in expected - leaked:
            problems.append(f"expected a leak report at teardown only: {nodeid} "
                            f"(failed phases: {phases or 'none'})")
        elif nodeid not in expected and phases:
            problems.append(f"expected to pass: {nodeid} (failed phases: {phases})")
    print(f"\nexpect_leaks: pytest exit {code}; leaks reported by th: "
          f"{', '.join(sorted(leaked)) or 'none'}")
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or problems:
        print("expect_leaks: FAILED\n  " + "\n  ".join(problems or [f"pytest exit {code}"]))
        return 1
    print(f"expect_leaks: as expected ({len(expected)} leaking, "
          f"{len(outcomes.failed) - len(expected)} clean)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
