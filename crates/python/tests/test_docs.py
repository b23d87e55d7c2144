"""The tutorial (docs/python.md) and the package's docstrings print what they show."""

import doctest
from pathlib import Path

import searchlab

ROOT = Path(__file__).resolve().parents[3]


def test_tutorial_examples_run_as_shown():
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "python.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
    )
    assert tried > 20
    assert failures == 0


def test_readme_python_example_runs_as_shown():
    failures, tried = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried >= 3
    assert failures == 0


def test_docstring_examples_run_as_shown():
    failures, tried = doctest.testmod(searchlab, optionflags=doctest.ELLIPSIS)
    assert tried >= 6
    assert failures == 0
