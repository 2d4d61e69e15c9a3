"""The distribution's name and licence: the name the docs tell users to
install is the one pyproject.toml builds, and the licence file is the one
the metadata names."""
import os
import re

import pytest

from helpers import ROOT

tomllib = pytest.importorskip("tomllib")  # Python 3.11+


def pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def read(*path):
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def test_the_docs_name_the_distribution_pyproject_builds():
    name = pyproject()["project"]["name"]
    assert name != "th"  # another project's name on the package index
    assert f"`{name}`" in read("README.md")
    cython = read("docs", "CYTHON.md")
    requires = re.search(r"requires = \[(.*)\]", cython)
    assert requires and f'"{name}"' in requires.group(1)
    for example in ("cython_consumer", "leaky_extension"):
        assert re.search(rf"pip install {name}\b", read("examples", example, "setup.py"))


def test_the_licence_file_is_the_one_the_metadata_names():
    project = pyproject()["project"]
    assert project["license"] == "BSD-3-Clause"
    assert project["license-files"] == ["LICENSE"]
    text = read("LICENSE")
    assert text.startswith("BSD 3-Clause License")
    assert "Neither the name of the copyright holder" in text  # clause 3
    assert re.search(r"^include LICENSE\b", read("MANIFEST.in"), re.M)
