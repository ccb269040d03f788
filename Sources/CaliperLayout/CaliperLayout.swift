/// CaliperLayout: layout containers that consume measured sizes.
///
/// Problem: a layout system sizes labels by asking text how big it is for a proposal; sizes
/// guessed from character counts are wrong for every font, and sizes stored back into the
/// frames that produced them feed on themselves. Solution: SwiftUI's layout negotiation,
/// with the same vocabulary (`Layout`, `ProposedViewSize`, `LayoutSubview`): a parent
/// proposes, each child answers with the size it needs, the parent places; `Text` leaves
/// answer with Caliper's measurement. Observations that write measured geometry into state
/// are run to a fixed point, and a layout that never settles is reported as a loop.
/// Stacks share space by layout priority and flexibility; stacks, ZStacks, grids and frames
/// line views up on alignment guides, text baselines included.
/// Limitation: one uniform default spacing; no right-to-left mirroring of guides.
@_exported import Caliper
