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

  /// A plan, destroyed when the last user lets go (eviction may happen while it runs).
  private final class Plan: @unchecked Sendable {
    // Safety: covers `pointer` (an `hb_shape_plan_t`), the one field: a plan is immutable
    // once made, and HarfBuzz shares plans between threads.
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { hb_shape_plan_destroy(pointer) }
  }

  /// More than a text's scripts times its directions in a few locales and feature lists.
  static let capacity = 32

  private let plans = Mutex<(byKey: [Key: Plan], order: [Key])>(([:], []))

  /// Shapes `buffer` (its direction, script and language set) with `font`, as `hb_shape`
  /// does, through the plan for its properties and `features`.
  ///
  /// The corresponding HarfBuzz functions are `hb_shape_plan_create2` and
  /// `hb_shape_plan_execute`.
  func shape(
    _ buffer: OpaquePointer, font: OpaquePointer, features: [hb_feature_t],
    styleFeatures: [FontFeature]
  ) {
    var properties = hb_segment_properties_t()
    hb_buffer_get_segment_properties(buffer, &properties)
    let key = Key(
      direction: properties.direction.rawValue, script: properties.script.rawValue,
      language: Int(bitPattern: properties.language), features: styleFeatures)
    let plan = plans.withLock { $0.byKey[key] } ?? make(key, properties, font, features)
    _ = features.withUnsafeBufferPointer {
      hb_shape_plan_execute(plan.pointer, font, buffer, $0.baseAddress, UInt32($0.count))
    }
  }

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
