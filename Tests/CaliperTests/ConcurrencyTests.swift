import Caliper
import Foundation
import Testing

/// Concurrency (issue 6, item 6): many threads and tasks sharing one `FontLibrary` (its
/// faces, shaped-word and prepared-text caches, and each prepared text's breaking cache)
/// get results bit-identical to a serial run. `Scripts/sanitize` runs these under
/// ThreadSanitizer; the uninstrumented C libraries are kept safe by the types (see the
/// Sendable notes where `Font`, `FontLibrary` and `PreparedText` are declared).
@Suite struct ConcurrencyTests {
  /// One measurement: a text (by index), a style and a width; `prepare` or reuse.
  struct Job: Sendable {
    let text: Int
    let size: Double
    let width: Double?
    let lines: Bool
  }

  /// The answer to a job, compared bit for bit.
  struct Answer: Hashable, Sendable {
    let width: UInt64
    let height: UInt64
    let lineCount: Int
    let ranges: [Range<Int>]
  }

  static let texts: [String] =
    Array(TestFonts.paragraphs.prefix(40)) + [
      "Blue tile with a longer local label", "नमस्ते दुनिया, यह एक परीक्षण है",
      "שלום עולם — مرحبا بالعالم", "漢字とかなの混じった文 😀👍🏽 emoji",
    ]

  static let jobs: [Job] = {
    // A fixed pseudo-random mix: 10,000 jobs over the texts, three sizes and widths.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let widths: [Double?] = [nil, 0, 37.5, 80, 120, 200, 333.3, 640]
    return (0..<10_000).map { _ in
      Job(
        text: next(texts.count), size: [12, 16, 23.5][next(3)], width: widths[next(widths.count)],
        lines: next(2) == 0)
    }
  }()

  static func run(_ job: Job, in fonts: FontLibrary) throws -> Answer {
    let text = try fonts.prepare(Self.texts[job.text], style: TextStyle(size: job.size))
    let proposal = ProposedViewSize(width: job.width, height: nil)
    if job.lines {
      let measured = text.measure(proposal)
      return Answer(
        width: measured.size.width.bitPattern, height: measured.size.height.bitPattern,
        lineCount: measured.lineCount, ranges: measured.lines.map(\.range))
    }
    let fit = text.sizeThatFits(proposal)
    return Answer(
      width: fit.size.width.bitPattern, height: fit.size.height.bitPattern,
      lineCount: fit.lineCount, ranges: [])
  }

  /// The serial answers, from a library of its own.
  static let serial: [Answer] = {
    let fonts = try! FontLibrary(fontsDirectory: TestFonts.directory)
    return jobs.map { try! run($0, in: fonts) }
  }()

  /// Each worker runs every job, starting at its own offset so that workers ask for
  /// different texts (and first faces) at the same moment.
  static func work(worker: Int, fonts: FontLibrary) -> Int {
    var mismatches = 0
    for step in jobs.indices {
      let index = (step + worker * 1_237) % jobs.count
      if (try? run(jobs[index], in: fonts)) != serial[index] { mismatches += 1 }
    }
    return mismatches
  }

  /// Runs `work` on `count` threads (8 MB stacks) at once, each given its number, and
  /// returns the sum of what they return (their mismatches).
  static func onThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Int) -> Int {
    let mismatches = Locked(0)
    let done = DispatchGroup()
    for worker in 0..<count {
      done.enter()
      let thread = Thread {
        let found = work(worker)
        mismatches.withLock { $0 += found }
        done.leave()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    done.wait()
    return mismatches.withLock { $0 }
  }

  @Test func eightThreadsMatchTheSerialRun() throws {
    _ = Self.serial
    // A fresh library with small caches: faces open while threads race, and evictions
    // happen under contention.
    let fonts = try FontLibrary(
      fontsDirectory: TestFonts.directory,
      limits: CacheLimits(shapeBytes: 64 << 10, preparedBytes: 2 << 20))
    let mismatches = Self.onThreads(8) { Self.work(worker: $0, fonts: fonts) }
    #expect(mismatches == 0)
    let statistics = fonts.cacheStatistics
    #expect(statistics.shapes.evictions > 0 && statistics.prepared.hits > 0)
  }

  @Test func eightTasksMatchTheSerialRun() async throws {
    _ = Self.serial
    let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask { Self.work(worker: worker, fonts: fonts) }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  /// Eight threads released at once ask a new library for their first face (each a
  /// different bundled file, and all of them the same one), 100 times over.
  @Test func firstFontLookupsRaceSafely() throws {
    let families = [
      "Noto Sans", "Noto Sans Mono", "Noto Sans Bold", "Noto Sans Italic", "Noto Sans Arabic",
      "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
    ]
    for round in 0..<100 {
      let fonts = try FontLibrary(fontsDirectory: TestFonts.directory)
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      let names = Locked<[String]>([])
      for worker in 0..<8 {
        done.enter()
        Thread {
          start.wait()
          let family = round.isMultiple(of: 2) ? families[worker] : families[0]
          let name = (try? fonts.font(family: family))?.familyName ?? "failed"
          names.withLock { $0.append(name) }
          done.leave()
        }.start()
      }
      for _ in 0..<8 { start.signal() }
      done.wait()
      let found = names.withLock { $0 }
      #expect(found.count == 8 && !found.contains("failed"))
      #expect(fonts.cacheStatistics.faces.entries == (round.isMultiple(of: 2) ? 8 : 1))
    }
  }
}

/// A value behind an `NSLock`, for the tests' own shared tallies. Not `Mutex`: on Linux it
/// waits on futexes directly, which ThreadSanitizer does not see (Scripts/sanitize-
/// suppressions/tsan.txt), while NSLock's pthread mutex it does.
final class Locked<Value>: @unchecked Sendable {
  // Safety: `value` is only touched inside `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
