#!/usr/bin/env bash
# Remove what install-desktop.sh installed for the current user, and nothing else.
#
#   bash packaging/uninstall-desktop.sh [--quiet]       (make uninstall-desktop)
#
# Reads the list of installed files from $XDG_DATA_HOME/tictactoe-gui/installed-files
# (XDG_DATA_HOME defaults to ~/.local/share). The records database lives in the
# same folder and is kept: uninstalling the app does not delete anyone's games.
set -euo pipefail

APP=tictactoe-gui
quiet=false
[ "${1:-}" = "--quiet" ] && quiet=true

data_home=${XDG_DATA_HOME:-$HOME/.local/share}
own_dir="$data_home/$APP"
manifest="$own_dir/installed-files"

if [ ! -f "$manifest" ]; then
    echo "uninstall-desktop.sh: $APP is not installed for this user (no $manifest)" >&2
    exit 0
fi

folders=()
while IFS= read -r path; do
    case "$path" in
        "") ;;
        "$own_dir/app/") rm -rf "$own_dir/app" ;;
        */) folders+=("$path") ;;  # made by the install for its files, deepest first
        *) rm -f "$path" ;;
    esac
done < "$manifest"
# Those folders go too, once empty: an icon cache the desktop tools wrote is theirs to
# drop, anything else someone put there keeps its folder.
for folder in "${folders[@]}"; do
    rm -f "$folder/icon-theme.cache" "$folder/mimeinfo.cache" 2>/dev/null || true
    rmdir "$folder" 2>/dev/null || true
done
rm -f "$manifest"
# Only if the records and settings are not there: never delete someone's games.
rmdir "$own_dir" 2>/dev/null || true

if command -v update-desktop-database >/dev/null && [ -d "$data_home/applications" ]; then
    update-desktop-database -q "$data_home/applications" || true
fi
icons="$data_home/icons/hicolor"
if command -v gtk-update-icon-cache >/dev/null && [ -f "$icons/index.theme" ]; then
    gtk-update-icon-cache -q -f "$icons" || true
fi

$quiet || echo "Removed $APP from the menu and $own_dir/app (records, if any, are kept)"
