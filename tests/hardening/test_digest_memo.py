"""A command reuses the digest of a file unchanged since an earlier command (its stat the same) and
hashes again any file written since, even an edit that keeps the size and the modification time;
a file written just now is never remembered, and a broken record of digests is passed over."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from pal_judge import digest_memo
from pal_judge import fingerprint as fp


@pytest.fixture()
def command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Start a new command (a settled process with nothing loaded) and count the files it reads."""
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path / "cache"))
    reads: list[Path] = []
    real_read = fp._read_digest

    def counted(path: Path) -> bytes:
        reads.append(path)
        return real_read(path)

    monkeypatch.setattr(fp, "_read_digest", counted)

    def start() -> list[Path]:
        monkeypatch.setattr(fp, "_settled", None)
        monkeypatch.setattr(digest_memo, "_remembered", None)
        monkeypatch.setattr(digest_memo, "_learned", False)
        fp.settle_files()
        reads.clear()
        return reads

    return start


def _later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The clock `seconds` ahead: files written in this test look that old."""
    now = time.time_ns()
    monkeypatch.setattr(digest_memo.time, "time_ns", lambda: now + int(seconds * 1e9))


def _fresh_key(files: list[Path]) -> str:
    """The key of an unsettled process: every file read and hashed now."""
    settled = fp._settled
    fp._settled = None
    try:
        return fp.fingerprint("salt", files)
    finally:
        fp._settled = settled


def test_an_unchanged_file_is_not_read_again_and_gives_the_same_key(tmp_path: Path, command,  # type: ignore[no-untyped-def]
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    files = [tmp_path / "zh.txt", tmp_path / "ruling.yaml", tmp_path / "absent.yaml"]
    files[0].write_text("9.6 伤害步骤\n", encoding="utf-8")
    files[1].write_text("id: a\n", encoding="utf-8")
    _later(monkeypatch, 10)
    reads = command()
    first = fp.fingerprint("salt", files)
    assert sorted(reads) == sorted(files)
    fp.remember_files()

    reads = command()
    again = fp.fingerprint("salt", files)
    assert reads == [files[2]]  # only the absent file, which is never remembered
    assert again == first == _fresh_key(files)


def test_an_edit_keeping_the_size_and_the_modification_time_is_seen(tmp_path: Path, command,  # type: ignore[no-untyped-def]
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ruling = tmp_path / "ruling.yaml"
    ruling.write_text("id: a\n", encoding="utf-8")
    _later(monkeypatch, 10)
    command()
    before = fp.fingerprint("salt", [ruling])
    fp.remember_files()

    time.sleep(0.05)  # past the file system clock's tick of the first write
    written = ruling.stat()
    ruling.write_text("id: b\n", encoding="utf-8")  # the same size
    os.utime(ruling, ns=(written.st_atime_ns, written.st_mtime_ns))  # and the modification time put back
    reads = command()
    after = fp.fingerprint("salt", [ruling])
    assert reads == [ruling]
    assert after != before and after == _fresh_key([ruling])


def test_a_file_written_just_now_is_not_remembered(tmp_path: Path, command) -> None:  # type: ignore[no-untyped-def]
    ruling = tmp_path / "ruling.yaml"
    ruling.write_text("id: a\n", encoding="utf-8")
    command()
    key = fp.fingerprint("salt", [ruling])
    fp.remember_files()
    reads = command()
    assert fp.fingerprint("salt", [ruling]) == key and reads == [ruling]  # hashed again: a write may follow in the same tick
    assert not (tmp_path / "cache" / f"{digest_memo.NAME}.json").exists()  # nothing learned, nothing written


@pytest.mark.parametrize("entry", [
    lambda stamp: [*stamp[:4], "00" * 32],  # a field short
    lambda stamp: [str(stamp[0]), *stamp[1:], "00" * 32],  # a string for the size
    lambda stamp: [*stamp, "not hex " * 8],
    lambda stamp: [*stamp, "00" * 31],  # a digest too short
], ids=["short", "a-string-for-a-number", "not-hex", "short-digest"])
def test_a_broken_record_of_digests_is_passed_over(tmp_path: Path, command, entry,  # type: ignore[no-untyped-def]
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    ruling = tmp_path / "ruling.yaml"
    ruling.write_text("id: a\n", encoding="utf-8")
    info = ruling.stat()
    stamp = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]  # the file as it is
    record = tmp_path / "cache" / f"{digest_memo.NAME}.json"
    record.parent.mkdir(mode=0o700)
    record.write_text(json.dumps({"key": digest_memo._KEY, "value": {str(ruling): entry(stamp)}}), encoding="utf-8")
    _later(monkeypatch, 10)
    reads = command()
    key = fp.fingerprint("salt", [ruling])
    assert reads == [ruling]
    assert key == _fresh_key([ruling])


def test_the_digests_of_files_gone_are_not_kept(tmp_path: Path, command, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    kept, gone = tmp_path / "kept.yaml", tmp_path / "gone.yaml"
    kept.write_text("id: a\n", encoding="utf-8")
    gone.write_text("id: b\n", encoding="utf-8")
    _later(monkeypatch, 10)
    command()
    fp.fingerprint("salt", [kept, gone])
    gone.unlink()
    fp.remember_files()
    record = json.loads((tmp_path / "cache" / f"{digest_memo.NAME}.json").read_text(encoding="utf-8"))
    assert list(record["value"]) == [str(kept)]  # every command reads the whole record: only files that still exist


def test_without_change_times_nothing_is_remembered(tmp_path: Path, command, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Where a write does not set the stat's change time (Windows: st_ctime is the creation time), every
    command hashes every file."""
    monkeypatch.setattr(digest_memo, "_CHANGE_TIMES", False)
    ruling = tmp_path / "ruling.yaml"
    ruling.write_text("id: a\n", encoding="utf-8")
    _later(monkeypatch, 10)
    command()
    fp.fingerprint("salt", [ruling])
    fp.remember_files()
    reads = command()
    fp.fingerprint("salt", [ruling])
    assert reads == [ruling] and not (tmp_path / "cache" / f"{digest_memo.NAME}.json").exists()
