#!/usr/bin/env bash
# Install the desktop bundle for the current user, so the app is in the menu.
#
#   bash packaging/install-desktop.sh [BUNDLE_DIR]      (make install-desktop)
#
# BUNDLE_DIR defaults to the bundle beside this script (as unpacked from the
# release archive) or to packaging/dist/tictactoe-gui (after `make bundle`).
# Puts the bundle in $XDG_DATA_HOME/tictactoe-gui/app, a launcher in $BIN_DIR,
# the desktop file in $XDG_DATA_HOME/applications and the icons in
# $XDG_DATA_HOME/icons/hicolor; XDG_DATA_HOME defaults to ~/.local/share and
# BIN_DIR to ~/.local/bin. Every file it writes is listed in
# $XDG_DATA_HOME/tictactoe-gui/installed-files, which uninstall-desktop.sh reads,
# with the folders it had to create for them.
set -euo pipefail

APP=tictactoe-gui
DESKTOP_ID=org.example.tictactoe_gui
LAUNCHER_MARK="# $APP launcher written by install-desktop.sh"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

fail() { echo "install-desktop.sh: $*" >&2; exit 1; }

bundle=${1:-}
if [ -z "$bundle" ]; then
    for candidate in "$here/$APP" "$here/dist/$APP"; do
        if [ -x "$candidate/$APP" ]; then bundle=$candidate; break; fi
    done
fi
[ -n "$bundle" ] || fail "no built bundle found; run 'make bundle' first or pass the bundle's folder"
[ -x "$bundle/$APP" ] || fail "$bundle holds no $APP executable"
bundle=$(cd "$bundle" && pwd)
resources=""
for candidate in "$bundle/_internal/resources" "$bundle/resources"; do
    if [ -d "$candidate" ]; then resources=$candidate; break; fi
done
[ -n "$resources" ] || fail "$bundle holds no resources folder"

data_home=${XDG_DATA_HOME:-$HOME/.local/share}
bin_dir=${BIN_DIR:-$HOME/.local/bin}
own_dir="$data_home/$APP"
app_dir="$own_dir/app"
manifest="$own_dir/installed-files"

# A reinstall replaces the previous one completely.
if [ -f "$manifest" ]; then
    bash "$here/uninstall-desktop.sh" --quiet 2>/dev/null || true
fi

mkdir -p "$own_dir"
installed=()
created=()

# mkdir -p that remembers each folder it had to create (deepest first), so that
# uninstalling removes those again once they are empty, and no other folder.
make_dir() {
    local dir=$1 missing=()
    while [ ! -d "$dir" ]; do
        missing+=("$dir/")
        dir=$(dirname "$dir")
    done
    mkdir -p "$1"
    created=("${missing[@]}" "${created[@]}")
}

# The bundle: copied beside, then moved into place, so a failed copy leaves no half app.
rm -rf "$app_dir.new"
cp -a "$bundle" "$app_dir.new"
rm -rf "$app_dir"
mv "$app_dir.new" "$app_dir"

# The launcher, unless something else (say a pip-installed script) already has the name.
launcher="$bin_dir/$APP"
make_dir "$bin_dir"
if [ -e "$launcher" ] && ! grep -qxF "$LAUNCHER_MARK" "$launcher" 2>/dev/null; then
    echo "install-desktop.sh: leaving $launcher alone: it is not ours (the menu entry works without it)" >&2
else
    printf '#!/bin/sh\n%s\nexec "%s" "$@"\n' "$LAUNCHER_MARK" "$app_dir/$APP" > "$launcher"
    chmod 755 "$launcher"
    installed+=("$launcher")
fi

# The desktop file, pointing at the installed bundle by absolute path: the menu
# does not search ~/.local/bin, which many sessions leave off their PATH.
desktop="$data_home/applications/$DESKTOP_ID.desktop"
make_dir "$(dirname "$desktop")"
sed -e "s|^Exec=.*|Exec=\"$app_dir/$APP\"|" -e "s|^TryExec=.*|TryExec=$app_dir/$APP|" \
    "$resources/linux/$DESKTOP_ID.desktop" > "$desktop"
installed+=("$desktop")

# The icons, at every size the theme knows, plus the scalable source.
icons="$data_home/icons/hicolor"
for png in "$resources"/icons/hicolor/*/apps/"$APP".png; do
    size=$(basename "$(dirname "$(dirname "$png")")")
    make_dir "$icons/$size/apps"
    install -m 644 "$png" "$icons/$size/apps/$APP.png"
    installed+=("$icons/$size/apps/$APP.png")
done
make_dir "$icons/scalable/apps"
install -m 644 "$resources/icons/$APP.svg" "$icons/scalable/apps/$APP.svg"
installed+=("$icons/scalable/apps/$APP.svg")

# The files, then the folders made for them, deepest first.
printf '%s\n' "$app_dir/" "${installed[@]}" "${created[@]}" > "$manifest"

# Menus and icon themes pick the changes up sooner with fresh caches, where the tools exist.
if command -v update-desktop-database >/dev/null; then
    update-desktop-database -q "$data_home/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$icons/index.theme" ]; then
    gtk-update-icon-cache -q -f "$icons" || true
fi

echo "Installed $APP in $app_dir"
echo "  menu entry: $desktop"
if [[ " ${installed[*]} " == *" $launcher "* ]]; then
    echo "  command:    $launcher"
fi
echo "Remove it with: bash $here/uninstall-desktop.sh"
