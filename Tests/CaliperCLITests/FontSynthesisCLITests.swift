import CaliperTestSupport
import Foundation
import Testing

/// `--font-synthesis` (key `fontSynthesis`, CSS `font-synthesis`) on the command line, in
/// serve requests and in spans, and how results name a synthesized face. Noto Sans Mono has
/// only a regular face; the widths are its advances (9.6 pt a character at 16 pt: 600 units
/// of 1000, `hb-shape`), which synthesis does not change, as in Chromium.
@Suite struct FontSynthesisCLITests {
  @Test func measureNamesSynthesizedFaces() throws {
    let bold = try CLITests.caliper(["measure", "--font", "Noto Sans Mono:weight=700", "Hi"])
    #expect(bold.status == 0, "\(bold.stderr)")
    #expect(
      bold.stdout == """
        "Hi"
          16.000 pt; faces: Noto Sans Mono (synthesized bold); ideal width 19.200; min width 19.200
          proposal         width      height  lines
          ideal           19.200      21.792      1
                  19.200  "Hi"

        """)
    // Only the styles it names: bold and italic asked for, only the slant synthesized.
    let style = try CLITests.caliper([
      "measure", "--font", "Noto Sans Mono:weight=700:slant=italic", "--font-synthesis", "style",
      "Hi",
    ])
    #expect(
      style.stdout.contains("faces: Noto Sans Mono (synthesized oblique); ideal width 19.200"))
    let none = try CLITests.caliper([
      "measure", "--font", "Noto Sans Mono:weight=700", "--font-synthesis", "none", "Hi",
    ])
    #expect(none.stdout.contains("faces: Noto Sans Mono; ideal width 19.200"))
  }

  @Test(arguments: ["bold", "weight weight", "", "none style"])
  func refusesWhatCSSRefuses(_ value: String) throws {
    let run = try CLITests.caliper(["measure", "--font-synthesis", value, "x"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "Error: --font-synthesis: font-synthesis must be none, weight, style or 'weight style',"
          + " not '\(value)'\n"))
  }

  @Test func fontsReportsSynthesizedRuns() throws {
    let spans = try TemporaryFiles.write(
      #"[{"start": 0, "end": 4, "bold": true, "font": "Noto Sans Mono"}, {"start": 5, "end": 9, "bold": true, "font": "Noto Sans Mono", "fontSynthesis": "none"}]"#,
      named: "synthesis-spans.json")
    defer { TemporaryFiles.remove(spans) }
    let run = try CLITests.caliper(["fonts", "--spans", spans, "Bold mono"])
    #expect(run.status == 0, "\(run.stderr)")
    let runs = try #require(run.stdout.components(separatedBy: "Runs of \"Bold mono\":\n").last)
    #expect(
      runs == """
          0..<4      Noto Sans Mono (synthesized bold) "Bold"
          4..<5      Noto Sans              " "
          5..<9      Noto Sans Mono         "mono"

        """)
    #expect(run.stdout.contains("  Noto Sans Mono Regular (synthesized bold)  "))
  }

  @Test func serveSaysWhichFacesAreSynthesized() throws {
    let served = try ServeTests.serve([
      #"{"id": 1, "text": "Hi שלום", "font": "Noto Sans Mono:weight=700:slant=italic", "lines": false}"#,
      #"{"id": 2, "text": "Hi", "font": "Noto Sans Mono:weight=700", "fontSynthesis": "none"}"#,
      #"{"id": 3, "text": "Hi", "fontSynthesis": "bold"}"#,
    ])
    #expect(served.lines.count == 3)
    let first = try CLITests.json(served.lines[0])
    let synthesized = try #require(first["synthesized"] as? [[String: Any]])
    #expect(synthesized.map { $0["face"] as? Int } == [0, 1])
    #expect(synthesized.map { $0["styles"] as? String } == ["weight style", "weight style"])
    #expect(try CLITests.json(served.lines[1])["synthesized"] == nil)
    let error = try #require(try CLITests.json(served.lines[2])["error"] as? [String: Any])
    #expect(error["code"] as? String == "invalid-value")
    #expect(
      error["message"] as? String
        == "font-synthesis must be none, weight, style or 'weight style', not 'bold'")
  }
}
