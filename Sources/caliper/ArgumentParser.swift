/// A small parser in swift-argument-parser's conventions: `--kebab-case` options taking a
/// value (`--size 16` or `--size=16`), flags, positionals, and `--` ending options.
struct ArgumentParser {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// - Parameters:
  ///   - valued: options that take a value; flags: options that do not.
  init(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if known.contains(name) {
        guard inline == nil else { throw UsageError("option '\(name)' takes no value") }
        flags.insert(name)
      } else if valued.contains(name) {
        if let inline {
          values[name, default: []].append(inline)
        } else {
          guard index < arguments.count else { throw UsageError("missing value for '\(name)'") }
          values[name, default: []].append(arguments[index])
          index += 1
        }
      } else if Double(argument) != nil {
        positionals.append(argument)  // a negative number as text
      } else {
        throw UsageError("unknown option '\(name)'")
      }
    }
  }

  func last(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Formats numbers for people: fixed decimals, no exponent, "-0" shown as "0".
enum NumberFormat {
  static func fixed(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return String(value) }
    let whole = Int(scaled / scale)
    let fraction = Int(scaled) - whole * Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count)
      + digits
  }

  static func padded(_ text: String, _ width: Int, right: Bool = true) -> String {
    let pad = String(repeating: " ", count: max(0, width - text.count))
    return right ? pad + text : text + pad
  }
}
