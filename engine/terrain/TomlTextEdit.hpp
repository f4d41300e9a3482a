#pragma once
/// \file TomlTextEdit.hpp
/// Changes single values in the text of a TOML file and keeps everything else byte for byte:
/// comments, key order, blank lines, indentation, quoting, CRLF line ends. toml++ does not keep
/// comments, so the edit works on the text: a small scanner finds each key's value token (in
/// `[table]` sections, dotted keys and inline tables `{ radius = 4.5, ... }` alike) and only that
/// token is replaced.
///
/// - A key the text has: its value token is replaced by the new token; nothing else changes.
/// - A key the text lacks is inserted as one new line `key = token` after the last key/value line
///   of its table's `[section]` (with that line's indentation); into an inline table that holds
///   it as `, key = token` before the closing `}`; as a dotted key (`influence.offset = 0.5`) in
///   the section that defines its parent by dotted keys; otherwise a new `[parent]` header and
///   the line are appended at the end of the file.
/// - A key below a value that is not a table (`influence = false` and `influence.radius`), a key
///   that names a table, or a key in an array of tables cannot be written: an error naming the
///   key (and the line).
///
/// The edit does not validate values: tokens are written as given (see formatTomlNumber /
/// formatTomlString). The input text must be valid TOML (it is scanned, not fully parsed).
///
/// \code
/// const std::string original = "[terrain.snow]\ncost = 3\n";   // a config file's text
/// isostar::Result<std::string> text = isostar::terrain::editTomlValues(original, {
///     {{"terrain", "snow", "cost"}, isostar::terrain::formatTomlNumber(2.5)},
///     {{"movement", "heuristic"}, isostar::terrain::formatTomlString("zero")}}, "maps/terrain.toml");
/// if (!text) std::cerr << isostar::formatDiagnostics(text.diagnostics());
/// \endcode

#include "engine/core/Result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace isostar::terrain {

/// One value to write.
struct TomlValueEdit {
    std::vector<std::string> path; ///< key path from the document root, unquoted: {"terrain", "snow", "cost"}
    std::string token;             ///< the TOML value exactly as it is to appear: `2.5`, `true`, `"zero"`

    bool operator==(const TomlValueEdit&) const = default;
};

/// Applies the edits in order to `text` (later edits see earlier ones). `fileName` is only used in
/// diagnostics. Fails (and changes nothing) when any edit cannot be placed or the text cannot be
/// scanned. Complexity: O(edits x text size).
Result<std::string> editTomlValues(std::string_view text, const std::vector<TomlValueEdit>& edits,
                                   const std::string& fileName);

/// The shortest decimal form of `v` that reads back as exactly `v`, always a TOML float
/// (`3.0`, `1.414`, `1e-07`, `inf`, `-inf`, `nan`).
std::string formatTomlNumber(double v);

/// A TOML basic string with quotes and escapes: `"no-corner-cutting"`.
std::string formatTomlString(std::string_view s);

/// A key path in TOML syntax: bare components where possible, quoted otherwise (`profile.dwarf`,
/// `terrain."a b"`).
std::string formatTomlKey(const std::vector<std::string>& path);

} // namespace isostar::terrain
