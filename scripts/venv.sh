# Shared by ./play and ./run-tests: a project-local virtual environment, (re)installed
# when pyproject.toml changes, and Debian's Chromium for the browser tests.

ensure_venv() {
  local extras="$1"
  local stamp=".venv/.installed${extras}"
  local python="${PYTHON:-python3}"
  if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Dungeon Referee needs Python 3.11 or newer (found: $("$python" --version 2>&1))." >&2
    echo "Install it, or point PYTHON at one: PYTHON=python3.12 $0" >&2
    exit 1
  fi
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Setting up .venv (first run; this takes a minute or two)..." >&2
    "$python" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install -qq -e ".${extras}"
    touch "$stamp"
  fi
}

ensure_chromium() {
  # Playwright drives Debian's Chromium; it never downloads a browser of its own.
  local chromium="${CHROMIUM:-/usr/bin/chromium}"
  if [ -x "$chromium" ]; then
    return
  fi
  if command -v apt-get >/dev/null 2>&1; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing Debian's chromium for the browser tests..." >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at $chromium (or set CHROMIUM=/path)." >&2
    exit 1
  fi
}
