#!/usr/bin/env python3
"""Fetch pinned files from PyPI source distributions, each checked against a SHA-256 manifest.

Why this exists: no third-party source is committed to the repository. The build takes pinned
sdists from PyPI with `pip download --no-binary :all: --no-deps`, checks the sha256 of each archive
and of every file it extracts against a manifest, and lays the files out where the manifest says.
Two manifests use it:

  cmake/tree_sitter_sources.sha256 (every build): tree-sitter 0.25.2's C core, the Python grammar
      tree-sitter-python 0.23.6 (ABI 14) and the ABI-14 headers that grammar needs (its sdist does
      not ship them), with their licenses.
  cmake/tomlplusplus_sources.sha256 (GBREAK_FETCH_DEPS=ON builds, cmake/FetchDependencies.cmake):
      toml++'s single-header release.

Any mismatch is fatal: the build never compiles a file it did not pin. A finished tree (every
hash good) is reused, so re-running CMake does not download again.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_manifest(path):
    """Returns ({sdist: sha}, [(sdist, member, sha, destination)])."""
    sdists, files = {}, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if fields[0] == "sdist" and len(fields) == 3:
                sdists[fields[1]] = fields[2]
            elif fields[0] == "file" and len(fields) == 5:
                files.append((fields[1], fields[2], fields[3], fields[4]))
            else:
                sys.exit(f"{path}:{number}: malformed manifest line: {line}")
    return sdists, files


def requirement_of(sdist):
    # tree-sitter-0.25.2.tar.gz -> tree-sitter==0.25.2
    stem = sdist[: -len(".tar.gz")]
    name, _, version = stem.rpartition("-")
    return f"{name}=={version}"


def tree_is_complete(out, files):
    for _, _, sha, dest in files:
        path = os.path.join(out, dest)
        if not os.path.isfile(path) or sha256_of(path) != sha:
            return False
    return True


def download(sdists, work, python):
    # One pip call per sdist: two versions of the same project cannot share one resolution.
    for sdist in sorted(sdists):
        command = [python, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps",
                   "--disable-pip-version-check", "-q", "-d", work, requirement_of(sdist)]
        print("fetch_pypi_sources: pip " + " ".join(command[3:]), flush=True)
        if subprocess.run(command).returncode != 0:
            sys.exit(f"fetch_pypi_sources: pip download of {sdist} failed "
                     "(is PyPI reachable? is pip installed?)")
    for sdist, sha in sorted(sdists.items()):
        path = os.path.join(work, sdist)
        if not os.path.isfile(path):
            sys.exit(f"fetch_pypi_sources: pip did not produce {sdist}")
        actual = sha256_of(path)
        if actual != sha:
            sys.exit(f"fetch_pypi_sources: sha256 mismatch for {sdist}: expected {sha}, got {actual}")


def extract(sdists, files, work, out):
    staging = out + ".partial"
    shutil.rmtree(staging, ignore_errors=True)
    for sdist in sorted(sdists):
        top = sdist[: -len(".tar.gz")]
        wanted = {f"{top}/{member}": (member, sha, dest)
                  for s, member, sha, dest in files if s == sdist}
        with tarfile.open(os.path.join(work, sdist)) as archive:
            for info in archive.getmembers():
                if info.name not in wanted:
                    continue
                member, sha, dest = wanted.pop(info.name)
                if not info.isfile():
                    sys.exit(f"fetch_pypi_sources: {sdist}:{member} is not a regular file")
                data = archive.extractfile(info).read()
                actual = hashlib.sha256(data).hexdigest()
                if actual != sha:
                    sys.exit(f"fetch_pypi_sources: sha256 mismatch for {sdist}:{member}: "
                             f"expected {sha}, got {actual}")
                target = os.path.join(staging, dest)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "wb") as f:
                    f.write(data)
        if wanted:
            missing = ", ".join(sorted(m for m, _, _ in wanted.values()))
            sys.exit(f"fetch_pypi_sources: {sdist} lacks pinned files: {missing}")
    shutil.rmtree(out, ignore_errors=True)
    os.replace(staging, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--python", default=sys.executable, help="interpreter whose pip downloads")
    args = parser.parse_args()
    sdists, files = read_manifest(args.manifest)
    if tree_is_complete(args.out, files):
        return
    with tempfile.TemporaryDirectory(prefix="gbreak-sdists-") as work:
        download(sdists, work, args.python)
        extract(sdists, files, work, args.out)
    if not tree_is_complete(args.out, files):
        sys.exit("fetch_pypi_sources: the extracted tree does not match the manifest")
    print(f"fetch_pypi_sources: {len(files)} files verified in {args.out}", flush=True)


if __name__ == "__main__":
    main()
