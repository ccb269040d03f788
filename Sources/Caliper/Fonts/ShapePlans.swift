internal import CHarfBuzz
import Synchronization

/// One font's HarfBuzz shape plans, made and kept by Caliper, at most `capacity` of them.
///
/// Problem: `hb_shape` looks its plan up in a list on the face that keeps every direction,
/// script, language and feature list ever shaped, searched from its start at every call and
/// never shortened. A locale is the user's to choose: `caliper serve` given 20,000 requests
/// each in its own locale spent 75 % of its time walking that list (31 s against 0.3 s with
/// one locale) and grew to 148 MB. Solution: plans made with `hb_shape_plan_create2` (which
/// keeps no list) and run with `hb_shape_plan_execute`, as `hb_shape` runs them, looked up
/// by a hash of the same properties, and the oldest dropped past `capacity`. Limitation:
/// HarfBuzz still keeps each distinct language for the process, which `HarfBuzzLanguage`
/// bounds.
final class ShapePlans: Sendable {
  /// What a plan is made for: HarfBuzz's segment properties and the user features.
  struct Key: Hashable {
    let direction: UInt32
    let script: UInt32
    let language: Int
    let features: [FontFeature]
  }

  /// A plan, destroyed when the last user lets go (eviction may happen while it runs, or
  /// while a `Shaper` keeps it for its next call).
  final class Plan: @unchecked Sendable {
    // Safety: covers `pointer` (an `hb_shape_plan_t`), the one field not Sendable: a plan
    // is immutable once made, and HarfBuzz shares plans between threads.
    let pointer: OpaquePointer
    /// The plan's table of simple pairs (`PairTable`), made on first use.
    let pairs = PairTableMemo()
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { hb_shape_plan_destroy(pointer) }
  }

  /// More than a text's scripts times its directions in a few locales and feature lists.
  static let capacity = 32

  private let plans = Mutex<(byKey: [Key: Plan], order: [Key])>(([:], []))

  /// The plan for `properties` and `features`, made and kept if there is none.
  func plan(
    _ properties: hb_segment_properties_t, font: OpaquePointer, features: [hb_feature_t],
    styleFeatures: [FontFeature]
  ) -> Plan {
    let key = Key(
      direction: properties.direction.rawValue, script: properties.script.rawValue,
      language: Int(bitPattern: properties.language), features: styleFeatures)
    return plans.withLock { $0.byKey[key] } ?? make(key, properties, font, features)
  }

  /// Shapes `buffer` (its direction, script and language set) with `font`, as `hb_shape`
  /// does, through `plan`: this font's plan for the buffer's properties and `features`
  /// (`plan(_:font:features:styleFeatures:)`).
  ///
  /// The corresponding HarfBuzz function is `hb_shape_plan_execute`.
  static func execute(
    _ plan: Plan, _ buffer: OpaquePointer, font: OpaquePointer, features: [hb_feature_t]
  ) {
    _ = features.withUnsafeBufferPointer {
      hb_shape_plan_execute(plan.pointer, font, buffer, $0.baseAddress, UInt32($0.count))
    }
  }

  /// The corresponding HarfBuzz function is `hb_shape_plan_create2`.
  private func make(
    _ key: Key, _ properties: hb_segment_properties_t, _ font: OpaquePointer,
    _ features: [hb_feature_t]
  ) -> Plan {
    var properties = properties
    var count: UInt32 = 0
    // A variable font's instance shapes with its own coordinates, as `hb_shape` passes them.
    let coordinates = hb_font_get_var_coords_normalized(font, &count)
    let made = features.withUnsafeBufferPointer {
      Plan(
        hb_shape_plan_create2(
          hb_font_get_face(font), &properties, $0.baseAddress, UInt32($0.count), coordinates,
          count, nil))
    }
    return plans.withLock { plans in
      if let raced = plans.byKey[key] { return raced }
      if plans.order.count >= Self.capacity {
        plans.byKey[plans.order.removeFirst()] = nil
      }
      plans.byKey[key] = made
      plans.order.append(key)
      return made
    }
  }

  /// How many plans are kept (for tests).
  var count: Int { plans.withLock { $0.byKey.count } }
}
