// fuzz-text: text and parameters → prepare and measure at several widths, checking the
// invariants of Fuzz.checkMeasurements.
import Caliper
import FuzzSupport

/// Input layout: byte 0 picks the size, byte 1 the locale, bytes 2–4 three widths, the
/// rest is the text (invalid UTF-8 repaired, as serve does).
let sizes: [Double] = [16, 0.01, 1, 9.5, 12, 72, 1000, 10000]
let locales = ["en", "ja", "th", "ar", "hi", "ko", "zh", "en@lb=strict", "tr", "de"]

Fuzz.run { data, size in
  let bytes = Fuzz.bytes(data, size)
  guard bytes.count >= 5 else { return 0 }
  let style = TextStyle(
    size: sizes[Int(bytes[0]) % sizes.count], locale: locales[Int(bytes[1]) % locales.count])
  // Widths 0…254 points in steps that hit words and clusters; 255 asks for the ideal.
  let widths = bytes[2..<5].map { $0 == 255 ? nil : Double($0) * 1.5 } + [nil]
  let text = String(decoding: bytes[5...], as: UTF8.self)
  do {
    let prepared = try Fuzz.fonts.prepare(text, style: style)
    Fuzz.checkMeasurements(prepared, widths: widths)
  } catch {
    Fuzz.check(false, "the bundled fonts failed: \(error)")
  }
  return 0
}
