#!/usr/bin/env bash
# File: tools/docs_references_test.sh
#
# tools/docs_references.py on the repository's README and docs (every section
# reference and relative link must resolve), then on a synthetic tree, where a
# reference to a moved section, a missing file and a broken link must each be
# reported and a numbered or longer heading must be found.
set -euo pipefail
here="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-mxfp4}"
[[ -f "$here/tools/docs_references.py" ]] || here="$(cd "$(dirname "$0")/.." && pwd)"
py=/usr/bin/python3
[[ -x "$py" ]] || py="$(command -v python3)"
t="${TEST_TMPDIR:-$(mktemp -d)}"

# The repository's docs.
(cd "$here" && "$py" tools/docs_references.py --root . README.md docs/*.md) >"$t/repo.txt" || {
  cat "$t/repo.txt"
  echo "FAIL: unresolved references in README.md or docs/ (above)"
  exit 1
}
cat "$t/repo.txt"

# A synthetic tree.
mkdir -p "$t/tree/docs"
cat >"$t/tree/docs/a.md" <<'MD'
# A
## 3. K-split (`KSplit`)
## Persistent grid (prefill, the default)
```
## Not a heading inside a code block
```
MD
cat >"$t/tree/README.md" <<'MD'
Good: docs/a.md "K-split", docs/a.md "Persistent grid", [a](docs/a.md), [web](https://example.com/x.md).
Placeholder: docs/a.md "Measured (2026-11-30, session N)".
Stale: docs/a.md "Dispatch"; docs/a.md "Not a heading inside a code block".
Missing: docs/b.md "Anything". Broken: [b](docs/b.md#part).
MD
rc=0
"$py" "$here/tools/docs_references.py" --root "$t/tree" README.md docs/a.md >"$t/out.txt" || rc=$?
fail() { echo "FAIL: $*"; cat "$t/out.txt"; exit 1; }
(( rc == 1 )) || fail "exit status $rc, want 1"
grep -q 'README.md:3: no heading of docs/a.md starts with "Dispatch"' "$t/out.txt" || fail "stale section"
grep -q 'README.md:3: no heading of docs/a.md starts with "Not a heading' "$t/out.txt" || fail "code block"
grep -q 'README.md:4: docs/b.md does not exist' "$t/out.txt" || fail "missing file"
grep -q 'README.md:4: link target docs/b.md does not exist' "$t/out.txt" || fail "broken link"
grep -q '4 unresolved' "$t/out.txt" || fail "want exactly 4 problems"
echo "PASS"
