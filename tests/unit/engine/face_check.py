"""What the face checks share: the faces' folders, a verdict over what a check found, and a self-test's fixture."""
import pathlib
import sys
import tempfile

FACES = ("app", "ui")


def verdict(found, advice: str) -> int:
    """Prints each finding and the advice; 1 when there was any."""
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} {advice}", file=sys.stderr)
    return 1 if found else 0


def faces_fixture() -> tempfile.TemporaryDirectory:
    """A temporary source tree with empty app/ and ui/ folders; its name is the root."""
    tmp = tempfile.TemporaryDirectory()
    for face in FACES:
        (pathlib.Path(tmp.name) / face).mkdir()
    return tmp
