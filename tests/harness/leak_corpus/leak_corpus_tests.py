"""The leak harness's corpus (run by tests/harness/test_leak_corpus.py under
--th-leaks-repeat, several times): the verdict each test must get is in its
name. test_leaks_* fail their teardown, test_clean_* pass, test_unsettled_*
pass with a note (still growing at the warm-up cap)."""
import importlib
import json
import logging
import os
import re
import subprocess
import sys

import leakcorpus

SENTINEL = type("Sentinel", (), {})()  # an object that exists before the test
WARMING = {}                           # a cache that fills over several runs
GROWING = []
RUNS = []


# ------------------------------------------------------------ leaks, one per kind
def test_leaks_python_object():
    leakcorpus.leak_object()


def test_leaks_reference_to_an_existing_object():
    leakcorpus.leak_reference(SENTINEL)


def test_leaks_reference_to_empty_bytes():
    leakcorpus.leak_empty_bytes()


def test_leaks_malloc():
    assert leakcorpus.leak_malloc(65536) == 1


def test_leaks_python_allocator_block():
    assert leakcorpus.leak_pymem(64) == 1


def test_leaks_file_descriptor():
    assert leakcorpus.leak_fd() == 1


# ------------------------------------------------------------ clean
def test_clean_c_extension():
    leakcorpus.clean(SENTINEL)


def test_clean_cache_warming_slowly():
    if len(WARMING) < 6:  # one entry a run, six runs, then full
        WARMING[len(WARMING)] = [object() for _ in range(10)]


def test_clean_capsys_and_caplog(capsys, caplog):
    print("to stdout")
    print("to stderr", file=sys.stderr)
    logging.getLogger("corpus").warning("a warning %d", 1)
    assert capsys.readouterr().out == "to stdout\n"
    assert caplog.records[0].getMessage() == "a warning 1"


def test_clean_logging_without_capture():
    logging.getLogger("corpus.quiet").info("not shown %s", "here")
    logging.getLogger("corpus").error("shown")


def test_clean_tmp_path_and_monkeypatch(tmp_path, monkeypatch):
    monkeypatch.setenv("CORPUS_VALUE", "1")
    monkeypatch.setattr(json, "CORPUS_ATTRIBUTE", 2, raising=False)
    (tmp_path / "data.json").write_text(json.dumps({"a": [1, 2.5, None]}, indent=2))
    assert json.loads((tmp_path / "data.json").read_text()) == {"a": [1, 2.5, None]}
    assert os.environ["CORPUS_VALUE"] == "1"


def test_clean_subprocess():
    result = subprocess.run([sys.executable, "-c", "print(6 * 7)"], capture_output=True,
                            text=True, check=True)
    assert result.stdout == "42\n"


def test_clean_lazy_imports():
    colorsys = importlib.import_module("colorsys")
    import fractions  # first imported here

    assert colorsys.rgb_to_hsv(1, 0, 0)[0] == 0.0
    assert fractions.Fraction(1, 3) * 3 == 1


def test_clean_json_and_regular_expressions():
    pattern = re.compile(r"(?P<key>\w+)=(?P<value>\d+)")
    text = json.dumps({key: i for i, key in enumerate("abc")}, sort_keys=True)
    assert [m.group("key") for m in pattern.finditer("x=1 y=2")] == ["x", "y"]
    assert json.loads(text) == {"a": 0, "b": 1, "c": 2}


# ------------------------------------------------------------ never settles
def test_unsettled_growth_that_slows_down():
    RUNS.append(None)
    GROWING.extend(object() for _ in range(max(60 - 2 * len(RUNS), 1)))
