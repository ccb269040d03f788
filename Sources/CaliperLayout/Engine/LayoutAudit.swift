/// The audit: probes every container the way parents do and reports what a correct
/// container never does.
///
/// Problem: a container whose measuring and placing disagree lays out wrongly only for some
/// proposals, and nothing fails loudly. Solution: lay the tree out as usual, then ask every
/// container (and modifier) for its size at zero, infinity, unspecified and the proposal it
/// really got, twice each (the same cache and a fresh one), place its children in the size
/// it reported, and check: the same answer every time; sizes that are numbers ≥ 0; every
/// child placed at a size the container measured it at while sizing; text placed at a
/// width that gives the lines it was measured with; children inside the container unless
/// it allows overflow (frames, scroll views, decorations).
/// Limitation: placement is checked only for finite sizes.
public struct AuditFinding: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    /// Two answers for one proposal.
    case unstableAnswer = "unstable answer"
    /// A NaN, negative or −∞ size.
    case invalidSize = "invalid size"
    /// A child placed at a size the container never measured it at.
    case placementMismatch = "placement disagrees with measurement"
    /// A text child placed at a width that breaks its lines differently than measured.
    case textWidthMismatch = "text measured and placed at different widths"
    /// A child placed outside a container that does not allow overflow.
    case overflow = "child outside its container"
  }

  public let kind: Kind
  /// The container, by name.
  public let view: String
  /// The proposal probed.
  public let proposal: ProposedViewSize
  public let message: String

  public var description: String {
    "\(view) at \(describe(proposal)): \(kind.rawValue): \(message)"
  }
}

func describe(_ proposal: ProposedViewSize) -> String {
  let width = proposal.width.map(formatNumber) ?? "nil"
  let height = proposal.height.map(formatNumber) ?? "nil"
  return "\(width)×\(height)"
}

func describe(_ size: Size) -> String {
  "\(formatNumber(size.width))×\(formatNumber(size.height))"
}

extension LayoutEngine {
  /// Audits every container of `view` (in its settled state) for `proposal`.
  public func audit(
    _ view: some View, in proposal: ProposedViewSize, state: LayoutState = LayoutState()
  ) throws(LayoutError) -> [AuditFinding] {
    let outcome = try layout(view, in: proposal, state: state)
    let settled = outcome.passes[outcome.passes.count - 1].state
    let (root, _) = try Self.pass(view.body, proposal: proposal, state: settled, previous: [:])
    guard let root else { return [] }
    var findings: [AuditFinding] = []
    for node in root.preorder() {
      guard case .layout(let box) = node.content else { continue }
      var probes: [ProposedViewSize] = [.zero, .infinity, .unspecified]
      if let real = node.proposal, !probes.contains(real) { probes.append(real) }
      for probe in probes {
        for finding in Self.probe(node, box: box, proposal: probe)
        where !findings.contains(finding) {
          findings.append(finding)
        }
      }
    }
    return findings
  }

  private static func same(_ a: Size, _ b: Size) -> Bool {
    func equal(_ x: Double, _ y: Double) -> Bool {
      x == y || (x.isNaN && y.isNaN) || abs(x - y) <= 1e-6
    }
    return equal(a.width, b.width) && equal(a.height, b.height)
  }

  private static func probe(_ node: LayoutNode, box: LayoutBox, proposal: ProposedViewSize)
    -> [AuditFinding]
  {
    var findings: [AuditFinding] = []
    func report(_ kind: AuditFinding.Kind, _ message: String) {
      findings.append(
        AuditFinding(kind: kind, view: node.name, proposal: proposal, message: message))
    }
    let context = LayoutContext()
    var measured: [ObjectIdentifier: [(ProposedViewSize, Size)]] = [:]
    context.onMeasure = { child, childProposal, size in
      measured[ObjectIdentifier(child), default: []].append((childProposal, size))
    }
    let subviews = context.subviews(of: node)
    box.resetCache()
    let first = box.sizeThatFits(proposal, subviews: subviews)
    context.onMeasure = nil
    let again = box.sizeThatFits(proposal, subviews: subviews)
    box.resetCache()
    let fresh = box.sizeThatFits(proposal, subviews: subviews)
    if !same(first, again) || !same(first, fresh) {
      report(
        .unstableAnswer,
        "answered \(describe(first)), then \(describe(again)) with the same cache and "
          + "\(describe(fresh)) with a fresh one")
    }
    let valid = [first.width, first.height].allSatisfy { !$0.isNaN && $0 >= 0 }
    if !valid { report(.invalidSize, "answered \(describe(first))") }
    guard valid, first.width.isFinite, first.height.isFinite else { return findings }

    let bounds = Rect(origin: .zero, size: first)
    var placements: [(LayoutNode, Rect, ProposedViewSize)] = []
    context.onPlace = { child, frame, childProposal in
      placements.append((child, frame, childProposal))
    }
    box.placeSubviews(in: bounds, proposal: proposal, subviews: subviews)
    for (child, frame, childProposal) in placements {
      if let sizes = measured[ObjectIdentifier(child)],
        !sizes.contains(where: { same($0.1, frame.size) })
      {
        let seen = sizes.map { "\(describe($0.1)) for \(describe($0.0))" }
        if case .leaf(let leaf) = child.content, let text = leaf as? Text, !text.isVertical {
          let placedLines = text.fit(childProposal).lineCount
          let measuredLines = sizes.map { text.fit($0.0).lineCount }
          report(
            .textWidthMismatch,
            "\(child.name) was measured at width \(sizes.map { $0.0.width.map(formatNumber) ?? "nil" }.joined(separator: ", ")) "
              + "(\(measuredLines.map(String.init).joined(separator: ", ")) lines) but placed at width "
              + "\(childProposal.width.map(formatNumber) ?? "nil") (\(placedLines) lines)")
        } else {
          report(
            .placementMismatch,
            "\(child.name) placed at \(describe(frame.size)) for \(describe(childProposal)); "
              + "it was measured at " + seen.joined(separator: ", "))
        }
      }
      let inside =
        frame.minX >= bounds.minX - 1e-6 && frame.minY >= bounds.minY - 1e-6
        && frame.maxX <= bounds.maxX + 1e-6 && frame.maxY <= bounds.maxY + 1e-6
      if !inside && !box.allowsOverflow {
        report(
          .overflow,
          "\(child.name) placed at \(describe(frame.origin)) size \(describe(frame.size)), "
            + "outside \(describe(first))")
      }
    }
    return findings
  }
}

func describe(_ point: Point) -> String {
  "(\(formatNumber(point.x)), \(formatNumber(point.y)))"
}
