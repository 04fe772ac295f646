#!/bin/sh
# Fails when a relative link or image in README.md or docs/*.md names a file that does not exist, or an
# #anchor that its page does not declare with <a name="…"></a> (Qt's Markdown makes no heading anchors).
# test_help checks the same on the guides compiled into the program.
set -eu
cd "$(dirname "$0")/.."
python3 - README.md docs/*.md <<'PY'
import os, re, sys
bad = 0
for page in sys.argv[1:]:
    for target in re.findall(r'!?\[[^\]]*\]\(([^)\s]+)\)', open(page, encoding='utf-8').read()):
        if re.match(r'[a-z]+:', target):
            continue
        path, _, anchor = target.partition('#')
        file = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.isfile(file):
            print(f'{page}: link to {target}: no file {file}'); bad += 1
        elif anchor and f'<a name="{anchor}"></a>' not in open(file, encoding='utf-8').read():
            print(f'{page}: link to {target}: {file} has no <a name="{anchor}">'); bad += 1
print(f'check-doc-links: {bad} broken link(s)' if bad else 'check-doc-links: every link resolves')
sys.exit(1 if bad else 0)
PY
