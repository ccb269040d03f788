#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A growable run of elements that grows in place where it can: the slots of an `LRUCache`.
///
/// Problem: an array grows by allocating twice its capacity and copying every element
/// across, so at the moment it doubles the old elements and their copies are both in
/// memory. The shape cache's slots (144 bytes each) doubled from 8,192 to 16,384 while the
/// bulk job prepared Gatsby: 1.2 MB of old slots beside the 1.2 MB they were copied into,
/// which was the process's peak resident memory (`/usr/bin/time`'s maximum RSS), 0.7 MB
/// above the memory it held at its end. Solution: the elements live in one `malloc` block
/// that grows with `realloc`; glibc maps a large block on its own and grows it with
/// `mremap`, which moves the pages' mappings rather than their bytes, so no copy exists at
/// any moment and the new room is not touched until elements are stored in it. (A small
/// block in the heap is copied as an array's would be.) Elements move bitwise, which Swift
/// allows for every bitwise-takable type; any other is moved one element at a time into a
/// new block. Limitations: the block never shrinks while elements are removed (an array's
/// does not either; it is freed when the buffer is), and it has `malloc`'s alignment, 16
/// bytes, which no cache's slot asks more than.
struct SlotBuffer<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>?
  /// The elements stored: `base[0..<count]` is initialized.
  private(set) var count = 0
  /// The elements the block has room for.
  private var capacity = 0

  init() {}

  deinit {
    if let base {
      base.deinitialize(count: count)
      free(base)
    }
  }

  /// The element at `index` (`0 <= index < count`), in place.
  subscript(index: Int) -> Element {
    unsafeAddress {
      assert(index >= 0 && index < count)
      return UnsafePointer(base.unsafelyUnwrapped + index)
    }
    unsafeMutableAddress {
      assert(index >= 0 && index < count)
      return base.unsafelyUnwrapped + index
    }
  }

  /// The element at `index`, for a caller that works on it in place through the pointer
  /// while it holds the buffer exclusively.
  func pointer(at index: Int) -> UnsafeMutablePointer<Element> {
    assert(index >= 0 && index < count)
    return base.unsafelyUnwrapped + index
  }

  /// Stores `element` after the last, growing the block (twice the room) when it is full.
  mutating func append(_ element: consuming Element) {
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }

  /// Removes the last element (there is one).
  mutating func removeLast() {
    precondition(count > 0, "removeLast on an empty SlotBuffer")
    count -= 1
    (base.unsafelyUnwrapped + count).deinitialize(count: 1)
  }

  /// Exchanges the elements at `i` and `j`.
  mutating func swapAt(_ i: Int, _ j: Int) {
    assert(i >= 0 && i < count && j >= 0 && j < count)
    guard i != j, let base else { return }
    let held = (base + i).move()
    (base + i).moveInitialize(from: base + j, count: 1)
    (base + j).initialize(to: held)
  }

  private mutating func grow() {
    let grown = Swift.max(16, capacity * 2)
    let (bytes, overflow) = MemoryLayout<Element>.stride.multipliedReportingOverflow(by: grown)
    precondition(!overflow, "SlotBuffer: \(grown) elements overflow the address space")
    let block: UnsafeMutableRawPointer?
    if _isBitwiseTakable(Element.self) {
      block = realloc(base.map(UnsafeMutableRawPointer.init), Swift.max(bytes, 1))
    } else {
      block = malloc(Swift.max(bytes, 1))
      if let block, let base {
        block.assumingMemoryBound(to: Element.self).moveInitialize(from: base, count: count)
        free(base)
      }
    }
    guard let block else { fatalError("SlotBuffer: out of memory for \(bytes) bytes") }
    base = block.bindMemory(to: Element.self, capacity: grown)
    capacity = grown
  }
}

// Safety: the buffer owns its elements alone (it cannot be copied, and `base` never leaves
// it but through `pointer(at:)` to its owner), so sending it sends its elements, as sending
// an array of them would.
extension SlotBuffer: @unchecked Sendable where Element: Sendable {}
