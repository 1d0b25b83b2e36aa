"""The README's example must run as printed."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_example_runs(capsys):
    text = README.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README has no python example"
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 12
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "0.2092525524840292351340233393617" in out  # CRT pin value from the issue
    assert "2.57956182144957549642361821177" in out  # SimRF pin value from the issue
    assert "-0.136684830892115612918684818843" in out  # DERF pin value
    assert "0.14762462210062798783" in out  # HRF pin value 0.147624622100627987825... rounded to 20 digits


def test_readme_gives_the_two_setup_commands():
    text = README.read_text()
    assert "make book" in text and "make test" in text
