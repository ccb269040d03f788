import CaliperTestSupport

/// The fonts folder, fixtures, corpus paragraphs and library every test target shares
/// (Tests/CaliperTestSupport).
typealias TestFonts = CaliperTestSupport.TestFonts
