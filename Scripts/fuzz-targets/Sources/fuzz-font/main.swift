// fuzz-font: font file bytes → load and measure. Every input is written to a new file (the
// library opens fonts by path), measured, and removed; a refusal is a thrown error, never
// a crash.
import Caliper
import FuzzSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Each input becomes a file: in memory (/dev/shm) where there is one, since creating and
/// removing a file on a disk's file system took 16 % of the target's time.
let directory =
  "\(access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")/caliper-fuzz-font-\(getpid())"
mkdir(directory, 0o700)
atexit { rmdir(directory) }
nonisolated(unsafe) var counter = 0
/// The bundled fonts with a face cache of 16 MB, not the other targets' 64: each input is a
/// face of its own, used for two texts and never again, and thousands of them kept open
/// made each new one slower (FreeType searches its list of open faces when one is closed).
let fonts: FontLibrary = {
  do {
    return try FontLibrary.bundled(
      limits: CacheLimits(faceBytes: 16 << 20, shapeBytes: 4 << 20, preparedBytes: 0))
  } catch {
    fatalError("fuzz-font: \(error)")
  }
}()
/// Latin with ligatures and kerning, then scripts the fuzzed face may or may not cover.
let texts = ["Hello, world! fi ffl AV Wa", "نص عربي नीचे 日本語 a\u{301}\u{302}"]

Fuzz.run { data, size in
  let bytes = Fuzz.bytes(data, size)
  counter += 1
  let path = "\(directory)/\(counter).ttf"
  let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard file >= 0 else { fatalError("fuzz-font: cannot create \(path)") }
  _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
  close(file)
  defer { unlink(path) }
  for text in texts {
    do {
      let prepared = try fonts.prepare(text, style: TextStyle(size: 16, fonts: [.file(path)]))
      Fuzz.checkMeasurements(prepared, widths: [0, 40, nil], fonts: fonts, lineRules: true)
    } catch {
      break  // refused: the font is not usable, which is a right answer
    }
  }
  return 0
}
