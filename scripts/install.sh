#!/usr/bin/env bash
# make install and make uninstall: put whatsnew under a prefix (the program, the content it reads, its man page and
# completion scripts) and take exactly those files away again.
#
#   scripts/install.sh install ROOT BINARY    ROOT is $(DESTDIR)$(PREFIX); BINARY the built whatsnew
#   scripts/install.sh uninstall ROOT
#
# What install wrote is listed in ROOT/share/whatsnew/installed-files: each file with its SHA-256, each directory it
# created. Uninstall removes a file only while it is still the one install wrote, a directory only when install
# created it and it is left empty, never ROOT itself. Nothing is written or removed through a symbolic link under
# ROOT: install refuses a destination directory that is one (before writing anything), and writes each file to a
# fresh temporary that mktemp creates beside it, renamed into place; uninstall leaves such a path alone.
set -euo pipefail
umask 022

mode=${1:-}
root=${2:-}
manifest=share/whatsnew/installed-files
source_tree=$(cd "$(dirname "$0")/.." && pwd)

say() { echo "make $mode: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

# The first directory under ROOT on the way to the relative directory $1 (itself included) that is a symbolic link
# or not a directory; nothing when there is none (a missing one is created by install).
blocked_on_the_way() {
  local path="" part parts
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    path="${path:+$path/}$part"
    if [ -L "$root/$path" ]; then
      echo "$root/$path is a symbolic link (to $(readlink "$root/$path"))"
      return
    elif [ -e "$root/$path" ] && [ ! -d "$root/$path" ]; then
      echo "$root/$path is not a directory"
      return
    fi
  done
}

# A relative path as the manifest may hold it: no empty, absolute or parent part, only these characters.
plain_path() {
  case "/$1/" in
  *//* | */../* | */./*) return 1 ;;
  esac
  [[ $1 =~ ^[A-Za-z0-9._+/-]+$ ]]
}

# The manifest's lines of kind $1 (dir, file) with their fields, when it is there and readable: read only when no
# path on the way to it is a link.
recorded() {
  if [ -z "$(blocked_on_the_way "$(dirname "$manifest")")" ] && [ -f "$root/$manifest" ] && [ ! -L "$root/$manifest" ]; then
    grep "^$1 " "$root/$manifest" | cut -d' ' -f2- || true
  fi
}

install_all() {
  local binary=${3:-}
  [ -n "$root" ] && [ -n "$binary" ] || fail "usage: scripts/install.sh install ROOT BINARY"
  [ -x "$binary" ] || fail "cannot install $binary: not an executable file (build it first: make install builds it)"
  # What to write: destination, mode, and how (a file to copy, or the binary's output for these arguments).
  local -a destinations=() modes=() sources=()
  add() { destinations+=("$1") modes+=("$2") sources+=("$3"); }
  add bin/whatsnew 755 "copy $binary"
  add share/man/man1/whatsnew.1 644 "run man"
  add share/bash-completion/completions/whatsnew 644 "run completion bash"
  add share/zsh/site-functions/_whatsnew 644 "run completion zsh"
  add share/fish/vendor_completions.d/whatsnew.fish 644 "run completion fish"
  local file
  while IFS= read -r file; do
    plain_path "$file" || fail "cannot install $source_tree/$file: a content file's name holds only letters, digits and . _ + -"
    add "share/whatsnew/$file" 644 "copy $source_tree/$file"
  done < <(cd "$source_tree" && find Releases Localizations -type f \( -name '*.json' -o -name '*.strings' \) | LC_ALL=C sort)

  # Everything is checked before anything is written.
  local destination problem
  for destination in "${destinations[@]}" "$manifest"; do
    problem=$(blocked_on_the_way "$(dirname "$destination")")
    if [ -n "$problem" ]; then
      fail "$problem: not writing through it; nothing was installed (remove it, or choose another PREFIX)"
    fi
    if [ -d "$root/$destination" ] && [ ! -L "$root/$destination" ]; then
      fail "$root/$destination is a directory; nothing was installed (remove it, or choose another PREFIX)"
    fi
  done

  mkdir -p "$root"
  # Directories a previous install created still count as this install's.
  removed=0
  created=$(recorded dir)
  old_files=$(recorded file)
  written=""
  temporary=""
  trap 'finish_install' EXIT
  local directory path part parts
  for destination in "${destinations[@]}" "$manifest"; do
    directory=$(dirname "$destination")
    path=""
    IFS=/ read -ra parts <<<"$directory"
    for part in "${parts[@]}"; do
      path="${path:+$path/}$part"
      if [ ! -d "$root/$path" ]; then
        mkdir -m 755 "$root/$path"
        created+=$'\n'"$path"
      fi
    done
  done

  local index how
  for index in "${!destinations[@]}"; do
    destination=${destinations[$index]}
    how=${sources[$index]}
    temporary=$(mktemp "$root/$(dirname "$destination")/.whatsnew-install.XXXXXX")
    case $how in
    copy\ *) cat "${how#copy }" >"$temporary" ;;
    run\ *) "$binary" ${how#run } >"$temporary" ;;
    esac
    chmod "${modes[$index]}" "$temporary"
    local hash
    hash=$(sha256sum <"$temporary" | cut -d' ' -f1)
    mv -fT "$temporary" "$root/$destination"
    temporary=""
    written+=$'\n'"$hash $destination"
  done

  # What a previous install wrote and this one did not (a release since removed) goes, as uninstall takes it.
  local hash
  while read -r hash file; do
    [ -n "$file" ] || continue
    grep -qxF "$file" < <(printf '%s\n' "${destinations[@]}") || remove_if_unchanged "$hash" "$file"
  done <<<"$old_files"
  completed=1
  echo "installed whatsnew, its content (share/whatsnew), whatsnew.1 and completions for bash, zsh and fish under $root"
}

# On the way out, also after a failure: no temporary left, and the manifest lists what was written.
finish_install() {
  [ -z "$temporary" ] || rm -f "$temporary"
  [ -d "$root/$(dirname "$manifest")" ] || return
  local list
  list=$(mktemp "$root/$(dirname "$manifest")/.whatsnew-install.XXXXXX")
  {
    echo "# Written by make install; make uninstall removes these files (while unchanged) and directories (when empty)."
    printf '%s\n' "$created" | sed '/^$/d' | LC_ALL=C sort -u | while read -r path; do [ ! -d "$root/$path" ] || echo "dir $path"; done
    printf '%s\n' "$written" | sed '/^$/d; s/^/file /'
  } >"$list"
  chmod 644 "$list"
  mv -fT "$list" "$root/$manifest"
  [ "${completed:-}" = 1 ] || say "stopped before the end: $root/$manifest lists what was written (make uninstall removes it)"
}

# Removes ROOT/$2 when it is a regular file (not a link), on no linked path, still with the SHA-256 $1; else says why not.
remove_if_unchanged() {
  local hash=$1 file=$2 problem
  plain_path "$file" || {
    say "left '$file' alone: not a path make install writes"
    return
  }
  problem=$(blocked_on_the_way "$(dirname "$file")")
  if [ -n "$problem" ]; then
    say "left $root/$file alone: $problem, which make install did not create"
  elif [ ! -e "$root/$file" ] && [ ! -L "$root/$file" ]; then
    :
  elif [ -L "$root/$file" ] || [ ! -f "$root/$file" ] || [ "$(sha256sum <"$root/$file" | cut -d' ' -f1)" != "$hash" ]; then
    say "left $root/$file alone: it changed since make install wrote it"
  else
    rm -f "$root/$file"
    removed=$((removed + 1))
  fi
}

uninstall_all() {
  [ -n "$root" ] || fail "usage: scripts/install.sh uninstall ROOT"
  local problem
  problem=$(blocked_on_the_way "$(dirname "$manifest")")
  if [ -n "$problem" ] || [ ! -f "$root/$manifest" ] || [ -L "$root/$manifest" ]; then
    say "nothing recorded as installed under $root (no $manifest${problem:+: $problem}); nothing removed"
    return
  fi
  removed=0
  local hash file directory
  while read -r hash file; do
    [ -z "$file" ] || remove_if_unchanged "$hash" "$file"
  done < <(recorded file)
  local directories
  directories=$(recorded dir)
  rm -f "$root/$manifest"
  # The deepest first; each only when it is still a directory of its own, and empty.
  while read -r directory; do
    if [ -n "$directory" ] && plain_path "$directory" && [ -z "$(blocked_on_the_way "$directory")" ] && [ -d "$root/$directory" ]; then
      rmdir --ignore-fail-on-non-empty "$root/$directory"
    fi
  done < <(printf '%s\n' "$directories" | awk -F/ '{ print NF, $0 }' | sort -rn | cut -d' ' -f2-)
  echo "removed $removed files that make install wrote under $root, and the directories it created that were left empty"
}

case $mode in
install) install_all "$@" ;;
uninstall) uninstall_all ;;
*) fail "usage: scripts/install.sh install ROOT BINARY | uninstall ROOT" ;;
esac
