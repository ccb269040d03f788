import Caliper

/// `GET /v1/fonts`: the default cascade and every bundled face (what `caliper fonts --list`
/// shows) as one JSON object.
package enum FontCatalogJSON {
  /// `{"fontsDirectory": …, "cascade": [file, …], "faces": [{"file", "family", "style",
  /// "axes": [{"tag", "minimum", "maximum", "default"}], "cascade": place or null}]}`.
  package static func encode(_ fonts: FontLibrary) throws -> String {
    var faces: [JSONWriter.Value] = []
    for entry in BundledFonts.entries {
      let font = try fonts.font(path: fonts.fontsDirectory + "/" + entry.file)
      let axes = font.variationAxes.map { axis -> JSONWriter.Value in
        .object([
          ("tag", .string(axis.tag)), ("minimum", .number(axis.minimum)),
          ("maximum", .number(axis.maximum)), ("default", .number(axis.defaultValue)),
        ])
      }
      let place = BundledFonts.cascade.firstIndex(of: entry.file)
      faces.append(
        .object([
          ("file", .string(entry.file)), ("family", .string(entry.family)),
          ("style", .string(entry.style)), ("axes", .array(axes)),
          ("cascade", place.map { .integer($0 + 1) } ?? .null),
        ]))
    }
    return JSONWriter.encode(
      .object([
        ("fontsDirectory", .string(fonts.fontsDirectory)),
        ("cascade", .array(BundledFonts.cascade.map { .string($0) })),
        ("faces", .array(faces)),
      ]))
  }
}
