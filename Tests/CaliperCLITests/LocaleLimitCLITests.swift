import CaliperTestSupport
import Foundation
import Testing

/// A locale too long or not a BCP 47 tag is a usage error of one line (exit 64) on the
/// command line, an `invalid-value` error in `serve`, and HTTP 422 over HTTP, as every value
/// the measurer refuses (`LocaleTag`; the messages are `StyleAgreementTests.badValues`').
@Suite struct LocaleLimitCLITests {
  static let long = String(repeating: "a", count: 200)

  @Test(arguments: [
    ("en\tUS", #"Error: --locale: locale "en\tUS" is not a BCP 47 language tag"#),
    (long, "Error: --locale: locale of 200 bytes is longer than the limit of 128"),
  ])
  func measureRefusesInOneLine(_ locale: String, _ message: String) throws {
    let run = try CLITests.caliper(["measure", "--locale", locale, "x"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    // The one message line (the usage hint, if any, follows on lines of its own).
    #expect(run.stderr.split(separator: "\n").filter { $0.contains("locale") }.count == 1)
  }

  @Test func serveRefusesTheRequestAndGoesOn() throws {
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "x", "locale": "\#(Self.long)"}"#,
      #"{"id": 2, "text": "x", "locale": "ja"}"#,
    ])
    #expect(served.lines.count == 2)
    let refused = try CLITests.json(try #require(served.lines.first))
    let error = try #require(refused["error"] as? [String: Any])
    #expect(error["code"] as? String == "invalid-value")
    #expect(
      (error["message"] as? String)?.contains("locale of 200 bytes is longer than the limit of 128")
        == true, "\(error)")
    #expect(try CLITests.json(served.lines[1])["error"] == nil)
  }

  @Test func httpServeAnswers422() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
      print("LocaleLimitCLITests: SKIPPED, curl is not installed (Scripts/ensure-packages)")
      return
    }
    let service = try ServiceProcess()
    defer { service.stop() }
    let status = try ServeHTTPTests.curlPost(
      service, "/v1/measure", type: "application/json",
      #"{"id": 1, "text": "x", "locale": "en US"}"#,
      extra: ["-o", "/dev/null", "-w", "%{http_code}"])
    #expect(status == "422")
    #expect(service.stop().status == 0)
  }
}
