#!/usr/bin/env python3
"""Prints the app's own UI strings (UIStrings.english) in .strings format.

Usage:
  python3 scripts/export-ui-strings.py                 # English, from the Swift sources
  python3 scripts/export-ui-strings.py --lang es       # a translation, from scripts/ui-translations.json
  python3 scripts/export-ui-strings.py --keys          # just the keys, one a line

Stdlib only. The English table is rebuilt from Sources/WhatsNewApp/UIStrings.swift:
the `base` dictionary literal (one `"key": "value",` entry a line) plus the generated
`vocabulary` part, whose rules are reproduced here from UIStrings.swift and
Sources/WhatsNewCore/Vocabulary.swift:

  ui.setting.<setting>.title        settingNames[setting]
  ui.value.<setting>.<value>        boolean: On/Off; weekday: Monday..Sunday;
                                    enumeration: valueNames["<setting>.<value>"]
  ui.weekday.<day>                  Monday..Sunday
  ui.weekday.short.<day>            the first three letters
  ui.screen.<screen>.title          screens[screen].0
  ui.screen.footer.<screen>         screens[screen].1

The names in settingNames, valueNames and screens are read from the Swift source too,
so the output follows UIStrings.swift as long as its layout stays the same; the script
exits 1 when it cannot find something or a generated key has no text.

With --lang, every English key must have a non-empty translation with the same
placeholders (`%@` count, or the same positions for `%n$@`), and the data file must not
have keys English lacks; otherwise the script names the problems and exits 1.

Output: a `/* App interface */` header, then one `"key" = "value";` line per key in key
order, with `"` and `\\` escaped. Append it to Localizations/<lang>.lproj/Localizable.strings.
"""

import json
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
UI_STRINGS = os.path.join(ROOT, "Sources", "WhatsNewApp", "UIStrings.swift")
VOCABULARY = os.path.join(ROOT, "Sources", "WhatsNewCore", "Vocabulary.swift")
TRANSLATIONS = os.path.join(ROOT, "scripts", "ui-translations.json")

SWIFT_STRING = r'"((?:[^"\\]|\\.)*)"'
PLACEHOLDER_RE = re.compile(r"%(?:(\d+)\$)?([@dius])")


class ExportError(Exception):
    pass


def swift_unescape(text):
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def strings_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def block(text, start_pattern, what):
    """The text from `start_pattern` up to the matching closing bracket."""
    m = re.search(start_pattern, text)
    if not m:
        raise ExportError(f"cannot find {what}")
    i = m.end() - 1
    opener = text[i]
    closer = {"[": "]", "(": ")", "{": "}"}[opener]
    depth, in_string = 0, False
    j = i
    while j < len(text):
        c = text[j]
        if in_string:
            if c == "\\":
                j += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == opener:
            depth += 1
        elif c == closer:
            depth -= 1
            if depth == 0:
                return text[i + 1 : j]
        j += 1
    raise ExportError(f"{what} is never closed")


def enum_cases(vocab, name):
    body = block(vocab, r"public enum " + name + r"\b[^{]*\{", f"enum {name}")
    cases = []
    for line in body.split("\n"):
        m = re.match(r"\s*case\s+([\w\s,]+?)\s*$", line)
        if m:
            cases += [c.strip() for c in m.group(1).split(",")]
    if not cases:
        raise ExportError(f"enum {name} has no cases")
    return cases


def setting_kinds(vocab, settings):
    """setting -> ("boolean" | "weekday" | "enumeration", [values])."""
    kinds = {}
    pattern = re.compile(r"case\s+\.(\w+):\s*SettingSpec\(\s*kind:\s*\.(boolean|weekday|enumeration\(\[([^\]]*)\]\))")
    for m in pattern.finditer(vocab):
        setting, kind = m.group(1), m.group(2)
        if kind.startswith("enumeration"):
            kinds[setting] = ("enumeration", re.findall(SWIFT_STRING, m.group(3)))
        else:
            kinds[setting] = (kind, None)
    missing = [s for s in settings if s not in kinds]
    if missing:
        raise ExportError(f"no SettingSpec kind found for {', '.join(missing)}")
    return kinds


def capitalized(word):
    return word[:1].upper() + word[1:]


def english_table():
    ui = open(UI_STRINGS, encoding="utf-8").read()
    vocab = open(VOCABULARY, encoding="utf-8").read()

    # base: one `"key": "value",` entry a line
    base = {}
    body = block(ui, r"static let base: \[String: String\] = \[", "the base dictionary literal")
    for n, line in enumerate(body.split("\n"), 1):
        if not line.strip() or line.strip().startswith("//"):
            continue
        m = re.fullmatch(r"\s*" + SWIFT_STRING + r"\s*:\s*" + SWIFT_STRING + r"\s*,?\s*", line)
        if not m:
            raise ExportError(f"base literal line {n} is not one `\"key\": \"value\",` entry: {line.strip()}")
        key, value = swift_unescape(m.group(1)), swift_unescape(m.group(2))
        if key in base:
            raise ExportError(f"base literal has {key} twice (Swift would not compile)")
        base[key] = value

    # vocabulary
    settings = enum_cases(vocab, "Setting")
    weekdays = enum_cases(vocab, "Weekday")
    screens = enum_cases(vocab, "Screen")
    kinds = setting_kinds(vocab, settings)
    voc_body = block(ui, r"static let vocabulary: \[String: String\] = \{", "the vocabulary closure")
    setting_names = dict(
        re.findall(r"\.(\w+):\s*" + SWIFT_STRING, block(voc_body, r"let settingNames: \[Setting: String\] = \[", "settingNames")))
    value_names = dict(
        re.findall(SWIFT_STRING + r"\s*:\s*" + SWIFT_STRING, block(voc_body, r"let valueNames: \[String: String\] = \[", "valueNames")))
    screen_texts = {
        s: (swift_unescape(a), swift_unescape(b))
        for s, a, b in re.findall(
            r"\.(\w+):\s*\(\s*" + SWIFT_STRING + r"\s*,\s*" + SWIFT_STRING + r"\s*\)",
            block(voc_body, r"let screens: \[Screen: \(String, String\)\] = \[", "screens"))
    }

    vocabulary = {}
    problems = []

    def put(key, value, source):
        if value is None:
            problems.append(f"{key}: no English text ({source})")
        else:
            vocabulary[key] = swift_unescape(value)

    for setting in settings:
        put(f"ui.setting.{setting}.title", setting_names.get(setting), "settingNames")
    for setting in settings:
        kind, values = kinds[setting]
        if kind == "boolean":
            for value in ("true", "false"):
                put(f"ui.value.{setting}.{value}", "On" if value == "true" else "Off", "boolean")
        elif kind == "weekday":
            for value in weekdays:
                put(f"ui.value.{setting}.{value}", capitalized(value), "weekday")
        else:
            for value in values:
                put(f"ui.value.{setting}.{value}", value_names.get(f"{setting}.{value}"), "valueNames")
    for day in weekdays:
        put(f"ui.weekday.{day}", capitalized(day), "weekday")
        put(f"ui.weekday.short.{day}", capitalized(day)[:3], "weekday")
    for screen in screens:
        texts = screen_texts.get(screen)
        put(f"ui.screen.{screen}.title", texts and texts[0], "screens")
        put(f"ui.screen.footer.{screen}", texts and texts[1], "screens")
    if problems:
        raise ExportError("; ".join(problems))

    # `base.merging(vocabulary) { first, _ in first }`: base wins
    table = dict(vocabulary)
    table.update(base)
    return table


def placeholders(value):
    """Sequential `%@` count, and the set of positions used by `%n$@`."""
    sequential, positional = 0, []
    for m in PLACEHOLDER_RE.finditer(value.replace("%%", "")):
        if m.group(1):
            positional.append(int(m.group(1)))
        else:
            sequential += 1
    return sequential, sorted(positional)


def same_placeholders(english, translation):
    e_seq, e_pos = placeholders(english)
    t_seq, t_pos = placeholders(translation)
    e_count = e_seq + len(e_pos)
    if t_pos:
        # a positional translation must use each of 1...n exactly once, and no plain %@
        return t_seq == 0 and t_pos == list(range(1, e_count + 1))
    return t_seq == e_count and not e_pos


def translated_table(english, lang):
    data = json.load(open(TRANSLATIONS, encoding="utf-8"))
    problems = []
    table = {}
    for key in sorted(set(data) - set(english)):
        problems.append(f"{key}: in {os.path.relpath(TRANSLATIONS, ROOT)} but not in English")
    for key, en in english.items():
        value = data.get(key, {}).get(lang)
        if value is None or not value.strip():
            problems.append(f"{key}: no {lang} translation")
            continue
        if not same_placeholders(en, value):
            problems.append(f"{key}: {lang} placeholders {placeholders(value)} do not match English {placeholders(en)}")
        table[key] = value
    if problems:
        raise ExportError("\n  ".join([f"{len(problems)} problem(s) in {lang}:"] + problems))
    return table


def main(argv):
    lang = "en"
    keys_only = False
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--lang" and args:
            lang = args.pop(0)
        elif a == "--keys":
            keys_only = True
        else:
            print(__doc__.split("\n\n")[1], file=sys.stderr)
            return 2
    try:
        english = english_table()
        table = english if lang == "en" else translated_table(english, lang)
    except (OSError, ValueError, ExportError) as e:
        print(f"export-ui-strings: {e}", file=sys.stderr)
        return 1
    if keys_only:
        print("\n".join(sorted(table)))
        return 0
    print("/* App interface */")
    for key in sorted(table):
        print(f'"{strings_escape(key)}" = "{strings_escape(table[key])}";')
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
