#!/usr/bin/env bash
# Make sure .venv-scripts holds scripts/requirements.txt, then print its python's path:
#     py="$(scripts/venv.sh)"; "$py" scripts/rxtools report ...
# Installs only when the requirements changed since the last install. As root on Debian it installs
# python3-venv first if the system python3 lacks the venv module.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-scripts
requirements=scripts/requirements.txt
python="${PYTHON:-python3}"

if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.installed"; then
  echo "$PWD/$venv/bin/python"
  exit 0
fi

if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "venv.sh: installing python3-venv" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
  else
    echo "venv.sh: $python has no venv module: install python3-venv" >&2
    exit 1
  fi
fi

echo "venv.sh: installing $requirements into $venv" >&2
rm -rf "$venv"
"$python" -m venv "$venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2
cp "$requirements" "$venv/requirements.installed"
echo "$PWD/$venv/bin/python"
