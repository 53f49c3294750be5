#!/usr/bin/env python3
"""Checks the bundled what's-new content: Releases/*.json and Localizations/*.lproj.

Usage: python3 scripts/check-content.py [repo root]   (default: the parent of scripts/)

Stdlib only. Exits 1 and lists every problem when something is wrong; prints a short
summary either way. The vocabulary below is copied from Sources/WhatsNewCore/Vocabulary.swift
and must be kept in step with it (the script warns when the Swift file names a case it
does not know).
"""

import json
import os
import re
import sys

# ---------------------------------------------------------------------------
# Vocabulary (copy of Sources/WhatsNewCore/Vocabulary.swift)

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
BOOLEAN = ["true", "false"]

# setting -> (kind, values); only boolean and weekday may leave `options` out
SETTINGS = {
    "workoutView": ("enumeration", ["guided", "inline"]),
    "workoutAutonomy": ("enumeration", ["suggest", "manual"]),
    "progressionMode": ("enumeration", ["reps_first", "weight_first"]),
    "autoStartRestTimer": ("boolean", BOOLEAN),
    "restTimerHaptics": ("boolean", BOOLEAN),
    "reviewWeekday": ("weekday", WEEKDAYS),
    "homeSummaryCard": ("enumeration", ["daily_summary", "weekly_streak"]),
    "theme": ("enumeration", ["system", "light", "dark"]),
    "units": ("enumeration", ["metric", "imperial"]),
    "showWhatsNew": ("boolean", BOOLEAN),
}
ACTIONS = ["openWorkoutSettings", "openCardioLog", "openWeeklyReview", "openSettings"]
ICONS = [
    "sparkles", "list", "dumbbell", "timer", "bell", "calendar", "chart", "heart",
    "settings", "star", "check", "arrowUp", "scale", "moon", "sun", "run",
]
BLOCK_TYPES = ["info", "choice", "action", "featureList"]

# ---------------------------------------------------------------------------
# Content policy

LANGUAGES = ["en", "es", "nl", "pt-BR", "ru"]
CURRENT_APP_VERSION = "2.14.0"  # the shipped app; newer releases are unreleased previews
PAGE_CAP = 6  # the tour shows at most this many pages
UPGRADE_FROM = "2.11.0"  # the skip-three-updates story the content must exercise
MAX_BLOCKS_PER_PAGE = 4
EN_TITLE_SOFT_LIMIT = 40  # warning only

ID_RE = re.compile(r"^[A-Za-z0-9_.-]+$")
# content ids become key segments, so a dot in one would make keys ambiguous
KEY_SEGMENT_RE = re.compile(r"^[A-Za-z0-9_-]+$")
# Version.swift: three non-negative integers, no leading zeros
VERSION_RE = re.compile(r"^(0|[1-9][0-9]{0,17})\.(0|[1-9][0-9]{0,17})\.(0|[1-9][0-9]{0,17})$")
# one `"key" = "value";` entry per line; \" and \\ are the escapes a value may use
STRINGS_LINE_RE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;\s*$')
PLACEHOLDER_RE = re.compile(r"%(?:(\d+)\$)?([@dDuUxXoOfeEgGcCsSaAp%])")

PAGE_FIELDS = {"id", "blocks", "supersededIn"}
BLOCK_FIELDS = {
    "info": {"id", "type", "supersededIn", "titleKey", "descriptionKey", "icon"},
    "choice": {"id", "type", "supersededIn", "setting", "titleKey", "descriptionKey", "options"},
    "action": {"id", "type", "supersededIn", "action", "labelKey", "descriptionKey", "icon"},
    "featureList": {"id", "type", "supersededIn", "titleKey", "items"},
}
OPTION_FIELDS = {"value", "labelKey", "icon"}
ITEM_FIELDS = {"id", "titleKey", "descriptionKey", "icon", "action"}


def parse_version(text):
    m = VERSION_RE.match(text) if isinstance(text, str) else None
    return tuple(int(p) for p in m.groups()) if m else None


class Report:
    def __init__(self):
        self.errors = []
        self.warnings = []

    def error(self, where, message):
        self.errors.append(f"{where}: {message}")

    def warn(self, where, message):
        self.warnings.append(f"{where}: {message}")


# ---------------------------------------------------------------------------
# .strings

def unescape(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            out.append({"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse_strings(path, report):
    """Returns {key: value}; reports lines that are neither comments nor entries."""
    where = os.path.relpath(path)
    try:
        raw = open(path, "rb").read()
    except OSError as e:
        report.error(where, f"cannot read: {e.strerror}")
        return {}
    if raw.startswith(b"\xef\xbb\xbf"):
        report.warn(where, "starts with a UTF-8 byte order mark")
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        report.error(where, f"not valid UTF-8 at byte {e.start}")
        return {}
    entries = {}
    in_comment = False
    equals_lines = 0
    for n, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if in_comment:
            if "*/" in stripped:
                in_comment = False
                if stripped.split("*/", 1)[1].strip():
                    report.error(f"{where}:{n}", "text after the end of a comment; put entries on their own line")
            continue
        if not stripped or stripped.startswith("//"):
            continue
        if stripped.startswith("/*"):
            if "*/" not in stripped[2:]:
                in_comment = True
            elif stripped.split("*/", 1)[1].strip():
                report.error(f"{where}:{n}", "text after a comment; put entries on their own line")
            continue
        if "=" in stripped:
            equals_lines += 1
        m = STRINGS_LINE_RE.match(line)
        if not m:
            report.error(f"{where}:{n}", 'not a `"key" = "value";` line (check quotes, escapes and the semicolon)')
            continue
        key, value = unescape(m.group(1)), unescape(m.group(2))
        if key in entries:
            report.error(f"{where}:{n}", f"key {key!r} appears twice")
        entries[key] = value
    if in_comment:
        report.error(where, "a /* comment is never closed")
    if equals_lines != len(entries):
        report.error(where, f"{equals_lines} lines contain '=' but {len(entries)} entries parsed")
    return entries


def placeholders(value):
    return sorted((m.group(1) or "", m.group(2)) for m in PLACEHOLDER_RE.finditer(value) if m.group(2) != "%")


# ---------------------------------------------------------------------------
# Releases

class KeyUse:
    def __init__(self, key, where, kind):
        self.key, self.where, self.kind = key, where, kind


def check_key(report, uses, where, field, actual, expected, required=True):
    if actual is None:
        if required:
            report.error(where, f"missing {field} (expected {expected!r})")
        return
    if not isinstance(actual, str) or not actual:
        report.error(where, f"{field} must be a non-empty string")
        return
    if actual != expected:
        report.error(where, f"{field} is {actual!r}; the naming scheme wants {expected!r}")
    uses.append(KeyUse(actual, where, field))


def check_icon(report, where, obj):
    icon = obj.get("icon")
    if icon is not None and icon not in ICONS:
        report.error(where, f"unknown icon {icon!r}; known icons: {', '.join(ICONS)}")


def check_fields(report, where, obj, allowed):
    for extra in sorted(set(obj) - allowed):
        report.error(where, f"unknown field {extra!r} (allowed: {', '.join(sorted(allowed))})")


def check_superseded(report, where, obj, release_version):
    if "supersededIn" not in obj:
        return None
    v = parse_version(obj["supersededIn"])
    if v is None:
        report.error(where, f"supersededIn {obj['supersededIn']!r} is not MAJOR.MINOR.PATCH")
        return None
    if v <= release_version:
        report.error(where, f"supersededIn {obj['supersededIn']} is not after the release itself, so it would never show")
    return v


def check_release(report, path, name_version, uses, usage):
    where = os.path.relpath(path)
    try:
        data = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError) as e:
        report.error(where, f"cannot parse JSON: {e}")
        return None
    if not isinstance(data, dict):
        report.error(where, "top level must be an object")
        return None
    check_fields(report, where, data, {"version", "pages"})
    if data.get("version") != name_version:
        report.error(where, f"version is {data.get('version')!r} but the file is named {name_version}.json")
    rv = parse_version(name_version)
    prefix = "whatsNew.v" + name_version.replace(".", "_")
    pages = data.get("pages")
    if not isinstance(pages, list) or not pages:
        report.error(where, "pages must be a non-empty list")
        return None
    model = []
    page_ids = set()
    for pi, page in enumerate(pages):
        pw = f"{where} page[{pi}]"
        if not isinstance(page, dict):
            report.error(pw, "page must be an object")
            continue
        check_fields(report, pw, page, PAGE_FIELDS)
        pid = page.get("id")
        if not isinstance(pid, str) or not ID_RE.match(pid) or not KEY_SEGMENT_RE.match(pid):
            report.error(pw, f"page id {pid!r} must use only letters, digits, '_' and '-' (ids are key segments)")
            pid = str(pid)
        elif pid in page_ids:
            report.error(pw, f"page id {pid!r} is used twice in this release")
        page_ids.add(pid)
        pw = f"{where} page {pid}"
        page_sup = check_superseded(report, pw, page, rv)
        blocks = page.get("blocks")
        if not isinstance(blocks, list) or not (1 <= len(blocks) <= MAX_BLOCKS_PER_PAGE):
            report.error(pw, f"blocks must be a list of 1 to {MAX_BLOCKS_PER_PAGE} blocks")
            blocks = blocks if isinstance(blocks, list) else []
        block_ids = set()
        block_model = []
        for bi, block in enumerate(blocks):
            bw = f"{pw} block[{bi}]"
            if not isinstance(block, dict):
                report.error(bw, "block must be an object")
                continue
            bid = block.get("id")
            if not isinstance(bid, str) or not ID_RE.match(bid) or not KEY_SEGMENT_RE.match(bid):
                report.error(bw, f"block id {bid!r} must use only letters, digits, '_' and '-'")
                bid = str(bid)
            elif bid in block_ids:
                report.error(bw, f"block id {bid!r} is used twice on this page")
            block_ids.add(bid)
            bw = f"{pw} block {bid}"
            base = f"{prefix}.{pid}.{bid}"
            btype = block.get("type")
            if btype not in BLOCK_TYPES:
                report.error(bw, f"unknown type {btype!r}; known types: {', '.join(BLOCK_TYPES)}")
                continue
            usage["types"].add(btype)
            check_fields(report, bw, block, BLOCK_FIELDS[btype])
            block_sup = check_superseded(report, bw, block, rv)
            if block_sup is not None:
                usage["block_superseded"].append((f"{name_version} {pid}.{bid}", block_sup))
                if page_sup is not None and block_sup >= page_sup:
                    report.warn(bw, "block is superseded no earlier than its page; its supersededIn has no effect")
            if btype == "info":
                check_key(report, uses, bw, "titleKey", block.get("titleKey"), f"{base}.title")
                check_key(report, uses, bw, "descriptionKey", block.get("descriptionKey"), f"{base}.description", False)
                check_icon(report, bw, block)
            elif btype == "action":
                action = block.get("action")
                if action not in ACTIONS:
                    report.error(bw, f"unknown action {action!r}; known actions: {', '.join(ACTIONS)}")
                else:
                    usage["actions"].add(action)
                check_key(report, uses, bw, "labelKey", block.get("labelKey"), f"{base}.label")
                check_key(report, uses, bw, "descriptionKey", block.get("descriptionKey"), f"{base}.description", False)
                check_icon(report, bw, block)
            elif btype == "choice":
                setting = block.get("setting")
                check_key(report, uses, bw, "titleKey", block.get("titleKey"), f"{base}.title")
                check_key(report, uses, bw, "descriptionKey", block.get("descriptionKey"), f"{base}.description", False)
                if setting not in SETTINGS:
                    report.error(bw, f"unknown setting {setting!r}; known settings: {', '.join(SETTINGS)}")
                    continue
                usage["settings"].add(setting)
                kind, values = SETTINGS[setting]
                if "options" not in block:
                    if kind == "enumeration":
                        report.error(bw, f"{setting} is an enumeration, so its options must be listed")
                    else:
                        usage["omitted_options"].append(f"{name_version} {pid}.{bid} ({setting})")
                    continue
                options = block["options"]
                if not isinstance(options, list) or len(options) < 2:
                    report.error(bw, "options must list at least two values")
                    continue
                seen_values = set()
                for oi, opt in enumerate(options):
                    ow = f"{bw} option[{oi}]"
                    if not isinstance(opt, dict):
                        report.error(ow, "option must be an object")
                        continue
                    check_fields(report, ow, opt, OPTION_FIELDS)
                    value = opt.get("value")
                    if value not in values:
                        report.error(ow, f"{value!r} is not a value of {setting} ({', '.join(values)})")
                        continue
                    if value in seen_values:
                        report.error(ow, f"value {value!r} is offered twice")
                    seen_values.add(value)
                    usage["values"].add((setting, value))
                    check_key(report, uses, ow, "labelKey", opt.get("labelKey"), f"{base}.{value}")
                    check_icon(report, ow, opt)
            elif btype == "featureList":
                check_key(report, uses, bw, "titleKey", block.get("titleKey"), f"{base}.title", False)
                items = block.get("items")
                if not isinstance(items, list) or not items:
                    report.error(bw, "items must be a non-empty list")
                    continue
                item_ids = set()
                kinds = set()
                for ii, item in enumerate(items):
                    iw = f"{bw} item[{ii}]"
                    if not isinstance(item, dict):
                        report.error(iw, "item must be an object")
                        continue
                    check_fields(report, iw, item, ITEM_FIELDS)
                    iid = item.get("id")
                    if not isinstance(iid, str) or not KEY_SEGMENT_RE.match(iid):
                        report.error(iw, f"item id {iid!r} must use only letters, digits, '_' and '-'")
                        continue
                    if iid in item_ids:
                        report.error(iw, f"item id {iid!r} is used twice in this list")
                    if iid in ("title", "description", "label"):
                        report.error(iw, f"item id {iid!r} would collide with the list's own keys")
                    item_ids.add(iid)
                    iw = f"{bw} item {iid}"
                    check_key(report, uses, iw, "titleKey", item.get("titleKey"), f"{base}.{iid}.title")
                    check_key(report, uses, iw, "descriptionKey", item.get("descriptionKey"), f"{base}.{iid}.description", False)
                    check_icon(report, iw, item)
                    if "action" in item:
                        if item["action"] not in ACTIONS:
                            report.error(iw, f"unknown action {item['action']!r}; known actions: {', '.join(ACTIONS)}")
                        else:
                            usage["actions"].add(item["action"])
                        kinds.add("tappable")
                    else:
                        kinds.add("plain")
                usage["featureList_kinds"] |= kinds
            block_model.append((bid, block_sup))
        if page_sup is not None:
            usage["page_superseded"].append((f"{name_version} {pid}", page_sup))
        model.append((pid, page_sup, block_model))
    return model


def visible_pages(release_version, model, app_version):
    """Pages of one release that an app at `app_version` shows (superseding applied)."""
    out = []
    for pid, page_sup, blocks in model:
        if page_sup is not None and page_sup <= app_version:
            continue
        live = [bid for bid, sup in blocks if sup is None or sup > app_version]
        if live:
            out.append((pid, live))
    return out


def flow(releases, seen, current, include_seen=False):
    """All pages for releases in (seen, current] ([seen, current] with include_seen),
    oldest first, superseding applied as of `current`, before the page cap."""
    pages = []
    for v, model in sorted(releases.items()):
        if (seen <= v if include_seen else seen < v) and v <= current:
            pages += [(v, pid) for pid, _ in visible_pages(v, model, current)]
    return pages


def fmt(v):
    return ".".join(map(str, v))


def check_vocabulary_in_sync(report, root):
    path = os.path.join(root, "Sources", "WhatsNewCore", "Vocabulary.swift")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        report.warn(os.path.relpath(path), "not found; vocabulary copy not compared")
        return
    for enum, known in (("Setting", SETTINGS), ("Action", ACTIONS), ("Icon", ICONS)):
        m = re.search(r"public enum " + enum + r"\b[^{]*\{(.*?)\n\s*(?:///|public var|public func|public static)", text, re.S)
        if not m:
            report.warn(os.path.relpath(path), f"could not find enum {enum}")
            continue
        cases = re.findall(r"^\s*case\s+(\w+)\s*$", m.group(1), re.M)
        if sorted(cases) != sorted(known):
            report.error(os.path.relpath(path), f"enum {enum} has {sorted(cases)}; this script knows {sorted(known)}; update the copy")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    os.chdir(root)
    report = Report()
    check_vocabulary_in_sync(report, root)

    rel_dir = os.path.join(root, "Releases")
    manifest_path = os.path.join(rel_dir, "manifest.json")
    try:
        manifest = json.load(open(manifest_path, encoding="utf-8"))
        listed = manifest["releases"]
        assert isinstance(listed, list) and all(isinstance(v, str) for v in listed)
        check_fields(report, "Releases/manifest.json", manifest, {"releases"})
    except (OSError, ValueError, KeyError, AssertionError, TypeError) as e:
        report.error("Releases/manifest.json", f"must be {{\"releases\": [\"x.y.z\", ...]}} ({e})")
        listed = []
    on_disk = sorted(f[:-5] for f in os.listdir(rel_dir) if f.endswith(".json") and f != "manifest.json")
    if len(set(listed)) != len(listed):
        report.error("Releases/manifest.json", "a version is listed twice")
    for v in listed:
        if parse_version(v) is None:
            report.error("Releases/manifest.json", f"{v!r} is not MAJOR.MINOR.PATCH")
    if [parse_version(v) for v in listed] != sorted(parse_version(v) or (0, 0, 0) for v in listed):
        report.warn("Releases/manifest.json", "versions are not in ascending order")
    for v in sorted(set(on_disk) - set(listed)):
        report.error("Releases/manifest.json", f"{v}.json exists but is not listed, so it never loads")
    for v in sorted(set(listed) - set(on_disk)):
        report.error("Releases/manifest.json", f"{v} is listed but Releases/{v}.json does not exist")

    uses = []
    usage = {k: set() for k in ("types", "settings", "values", "actions", "featureList_kinds")}
    usage.update(block_superseded=[], page_superseded=[], omitted_options=[])
    releases = {}
    for v in listed:
        path = os.path.join(rel_dir, f"{v}.json")
        if parse_version(v) is None or not os.path.exists(path):
            continue
        model = check_release(report, path, v, uses, usage)
        if model is not None:
            releases[parse_version(v)] = model

    # keys: one owner per key, present and non-empty in every language, no orphans
    owners = {}
    for u in uses:
        if u.key in owners:
            report.error(u.where, f"{u.kind} {u.key!r} is also used by {owners[u.key].where}")
        owners.setdefault(u.key, u)
    tables = {}
    for lang in LANGUAGES:
        path = os.path.join(root, "Localizations", f"{lang}.lproj", "Localizable.strings")
        tables[lang] = parse_strings(path, report)
    for lang, table in tables.items():
        where = f"Localizations/{lang}.lproj/Localizable.strings"
        for key, u in owners.items():
            if key not in table:
                report.error(where, f"missing {key} (used by {u.where})")
            elif not table[key].strip():
                report.error(where, f"{key} is empty")
        for key in sorted(k for k in table if k.startswith("whatsNew.") and k not in owners):
            report.error(where, f"orphan key {key}: no release uses it")
        # `ui.` and `guidance.` keys are app-owned and live in the same tables; this script
        # ignores them (`whatsnew lint` checks them against UIStrings.english).
    en = tables.get("en", {})
    for lang, table in tables.items():
        for key in owners:
            if key in table and key in en and placeholders(table[key]) != placeholders(en[key]):
                report.error(f"Localizations/{lang}.lproj", f"{key}: placeholders {placeholders(table[key])} differ from en {placeholders(en[key])}")
            if key in table and re.search(r"%(?!(\d+\$)?@)", table[key]):
                report.error(f"Localizations/{lang}.lproj", f"{key}: a literal '%' must be written '%%'")
    for key, u in owners.items():
        if key in en and u.kind == "titleKey" and len(en[key]) > EN_TITLE_SOFT_LIMIT:
            report.warn("Localizations/en.lproj", f"{key} is {len(en[key])} characters; titles read best under {EN_TITLE_SOFT_LIMIT}")

    # coverage of the vocabulary
    for t in BLOCK_TYPES:
        if t not in usage["types"]:
            report.error("coverage", f"no block of type {t}")
    for s, (_, values) in SETTINGS.items():
        if s not in usage["settings"]:
            report.error("coverage", f"setting {s} is never offered")
    for a in ACTIONS:
        if a not in usage["actions"]:
            report.error("coverage", f"action {a} is never used")
    if not usage["omitted_options"]:
        report.error("coverage", "no boolean or weekday choice leaves options out")
    if usage["featureList_kinds"] != {"tappable", "plain"}:
        report.error("coverage", "feature lists should mix tappable items (with an action) and plain ones")

    # superseding and the page cap
    current = parse_version(CURRENT_APP_VERSION)
    upgrade_from = parse_version(UPGRADE_FROM)
    if not any(v <= current for _, v in usage["page_superseded"]):
        report.error("superseding", f"no page is superseded by {CURRENT_APP_VERSION} or earlier")
    if not any(v <= current for _, v in usage["block_superseded"]):
        report.error("superseding", f"no block is superseded by {CURRENT_APP_VERSION} or earlier")
    if not any(v > current for _, v in usage["page_superseded"] + usage["block_superseded"]):
        report.error("superseding", f"nothing is superseded after {CURRENT_APP_VERSION}, so the difference never shows")
    for v, model in sorted(releases.items()):
        for app in sorted({v, current} | {s for _, s, _ in model if s} | {s for _, _, bs in model for _, s in bs if s}):
            if app < v:
                continue
            for pid, page_sup, blocks in model:
                if (page_sup is None or page_sup > app) and blocks and all(s is not None and s <= app for _, s in blocks):
                    report.warn(f"{fmt(v)} page {pid}", f"all blocks are superseded at {fmt(app)}, so the page silently disappears")
    inclusive = flow(releases, upgrade_from, current, include_seen=True)
    skipping = flow(releases, upgrade_from, current)
    if len(inclusive) <= PAGE_CAP:
        report.error("page cap", f"releases {UPGRADE_FROM} through {CURRENT_APP_VERSION} show {len(inclusive)} pages; need more than {PAGE_CAP}")
    if len(skipping) <= PAGE_CAP:
        report.error("page cap", f"upgrading {UPGRADE_FROM} -> {CURRENT_APP_VERSION} shows {len(skipping)} pages; the cap of {PAGE_CAP} never bites")

    # summary
    print(f"releases: {', '.join(fmt(v) for v in sorted(releases))} (app at {CURRENT_APP_VERSION})")
    for v, model in sorted(releases.items()):
        shown = visible_pages(v, model, current)
        print(f"  {fmt(v)}: {len(model)} pages, {sum(len(b) for _, _, b in model)} blocks; "
              f"at {CURRENT_APP_VERSION}: {len(shown)} pages, {sum(len(b) for _, b in shown)} blocks")
    print(f"superseded pages: {', '.join(f'{w} in {fmt(s)}' for w, s in usage['page_superseded']) or 'none'}")
    print(f"superseded blocks: {', '.join(f'{w} in {fmt(s)}' for w, s in usage['block_superseded']) or 'none'}")
    print(f"options left out: {', '.join(usage['omitted_options']) or 'none'}")
    print(f"pages {UPGRADE_FROM}..{CURRENT_APP_VERSION} after superseding: {len(inclusive)}; "
          f"upgrade {UPGRADE_FROM} -> {CURRENT_APP_VERSION}: {len(skipping)} (cap {PAGE_CAP})")
    print(f"keys: {len(owners)} used; " + ", ".join(f"{lang} {len(tables[lang])}" for lang in LANGUAGES))
    print(f"settings {len(usage['settings'])}/{len(SETTINGS)}, actions {len(usage['actions'])}/{len(ACTIONS)}, "
          f"block types {len(usage['types'])}/{len(BLOCK_TYPES)}")
    for w in report.warnings:
        print(f"warning: {w}")
    for e in report.errors:
        print(f"error: {e}")
    if report.errors:
        print(f"FAILED: {len(report.errors)} error(s), {len(report.warnings)} warning(s)")
        return 1
    print(f"OK: no errors, {len(report.warnings)} warning(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
