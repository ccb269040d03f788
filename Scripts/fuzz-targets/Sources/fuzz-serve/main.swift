// fuzz-serve: one `caliper serve` request line → its response, which must be one line of
// JSON: an object whose first key is "id", with either a result or an error.
import Caliper
@testable import CaliperLayout  // JSONValue is `package`
import FuzzSupport

@testable import CaliperCLI

let session = ServeSession(fonts: Fuzz.fonts, limits: RequestLimits())

// The request keys, as libFuzzer's dictionary (Scripts/fuzz adds the text target's scalars).
Fuzz.run(dictionary: ServeRequest.keys.map { "\"\($0)\":" } + ["\"inf\"", "null", "true"]) {
  data, size in
  let response = session.respond(to: Fuzz.bytes(data, size))
  Fuzz.check(!response.utf8.contains(0x0A), "a newline in a response")
  Fuzz.check(response.hasPrefix("{\"id\":"), "a response without its id: \(response.prefix(80))")
  do {
    let object = try JSONValue(parsing: response)
    Fuzz.check(
      object["error"] != nil || object["results"] != nil || object["stats"] != nil,
      "neither result nor error")
  } catch {
    Fuzz.check(false, "a response that is not JSON: \(error)")
  }
  return 0
}
