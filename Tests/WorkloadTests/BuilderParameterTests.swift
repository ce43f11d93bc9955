import RxBenchCore
import Testing
@testable import Workloads

/// Each workload builder's every parameter reaches the scenario it makes: built at two values, the id says the
/// value and the scenario has what the parameter names (as many maps, subscribers, inputs, threads, siblings).
/// A builder that ignored a parameter, or put one value in the id and another in the scenario, would still
/// give a checksum, since the expectation is built from the same numbers: only this reads the scenario itself.
@Suite("Workload builders: every parameter")
struct BuilderParameterTests {
    /// Every (workload, parameter) of the catalogue, so that a new parameter without a check here fails.
    static let checked: Set<String> = [
        "NeverMapLifecycle.depth", "MapDepth.depth", "SubjectFanOut.subscribers", "SubscriberSweep.subscribers",
        "MergeMany.sources", "EventSweep.events", "DisposeLatency.depth", "DisposeLatency.siblings",
        "DisposeLatency.order", "DisposeLatencyMixed.depth", "DisposeLatencyMixed.siblings",
        "DisposeLatencyMixed.order", "ContendedMerge.threads", "ContendedSubject.threads", "FormTyping.fields",
        "FormOpening.fields", "FanIn.operator", "FanIn.inputs", "SubjectChurn.live", "StoreSelectors.selectors",
    ]

    @Test("every parameter of the catalogue is checked here")
    func everyParameterChecked() {
        let parameters = Set(Catalogue.all.flatMap { workload in workload.parameters.map { "\(workload.name).\($0.name)" } })
        #expect(parameters.subtracting(Self.checked).isEmpty, "not checked: \(parameters.subtracting(Self.checked).sorted())")
        // A name listed here that the catalogue no longer has is a stale entry, not a check.
        #expect(Self.checked.subtracting(parameters).isEmpty, "no such parameter: \(Self.checked.subtracting(parameters).sorted())")
    }

    @Test("depth: as many maps", arguments: [2, 5])
    func depth(_ depth: Int) {
        let lifecycle = SeedChains.chainLifecycle(depth: depth)
        #expect(lifecycle.id == "NeverMapLifecycle[depth=\(depth)]")
        #expect(Self.maps(in: lifecycle.make(3).flow) == depth)
        let sweep = Scaling.mapDepth(depth)
        #expect(sweep.id == "MapDepth[depth=\(depth)]")
        #expect(Self.maps(in: sweep.make(3).flow) == depth)
    }

    @Test("subscribers: as many terminal observers", arguments: [2, 7])
    func subscribers(_ subscribers: Int) {
        let fanOut = FanOut.subjectFanOut(subscribers: subscribers)
        #expect(fanOut.id == "SubjectFanOut[subscribers=\(subscribers)]")
        #expect(fanOut.make(4).subscribers == subscribers)
        let sweep = Scaling.rename(fanOut)
        #expect(sweep.id == "SubscriberSweep[subscribers=\(subscribers)]")
        #expect(sweep.make(4).subscribers == subscribers)
    }

    @Test("sources: a merge of as many inputs, the events shared among them", arguments: [3, 8])
    func sources(_ sources: Int) {
        let workload = FanOut.merge(sources: sources)
        #expect(workload.id == "MergeMany[sources=\(sources)]")
        #expect(Self.mergeInputCount(in: workload.make(20).flow) == sources)
    }

    @Test("events: the size itself, kept by every profile", arguments: [1_000, 10_000])
    func events(_ events: Int) {
        let workload = Scaling.events(events)
        #expect(workload.id == "EventSweep[events=\(events)]")
        #expect(workload.defaultSize == events)
        #expect(!workload.scalable)
    }

    @Test("dispose latency: depth, siblings and order", arguments: [(3, 0, DisposalOrder.newest), (5, 4, .oldest)])
    func latency(_ depth: Int, _ siblings: Int, _ order: DisposalOrder) {
        let chain = Latency.chain(depth: depth, siblings: siblings, order: order)
        let orderText = order == .newest ? "" : ",order=\(order.rawValue)"
        #expect(chain.id == "DisposeLatency[depth=\(depth),siblings=\(siblings)\(orderText)]")
        let scenario = chain.make(1)
        #expect(Self.maps(in: scenario.flow) == depth)
        #expect(scenario.siblings == siblings)
        #expect(scenario.disposalOrder == order)
        let mixed = Latency.mixed(stages: depth, siblings: siblings, order: order)
        #expect(mixed.id == "DisposeLatencyMixed[depth=\(depth),siblings=\(siblings)\(orderText)]")
        let mixedScenario = mixed.make(1)
        #expect(Self.count(in: mixedScenario.flow) { if case .map = $0 { true } else if case .filter = $0 { true } else { false } } == depth)
        #expect(mixedScenario.siblings == siblings)
        #expect(mixedScenario.disposalOrder == order)
    }

    @Test("threads: as many senders", arguments: [3, 4])
    func threads(_ threads: Int) {
        let merge = Contention.merge(threads: threads)
        #expect(merge.id == "ContendedMerge[threads=\(threads)]")
        #expect(Self.mergeInputCount(in: merge.make(40).flow) == threads)
        let subject = Contention.subject(threads: threads)
        #expect(subject.id == "ContendedSubject[threads=\(threads)]")
        guard case .concurrent(let feed) = subject.make(40).feed else {
            Issue.record("ContendedSubject's feed is not concurrent")
            return
        }
        #expect(feed.senders.count == threads)
    }

    @Test("fields: a combineLatest of as many subjects", arguments: [2, 6])
    func fields(_ fields: Int) throws {
        for workload in [App.formTyping(fields: fields), App.formOpening(fields: fields)] {
            #expect(workload.id == "\(workload.name)[fields=\(fields)]")
            let scenario = workload.make(3)
            let combine = try #require(Self.first(in: scenario.flow) { if case .combineLatest = $0 { true } else { false } })
            #expect(combine.inputs.count == fields)
            #expect(scenario.subjects.count == fields)
        }
        // A form opened is typed into once per field, each field in turn.
        guard case let .spread(subjects, keystrokes, trigger) = App.formOpening(fields: fields).make(3).feed else {
            Issue.record("FormOpening's feed is not a spread over its fields")
            return
        }
        #expect(subjects == Array(0..<fields) && keystrokes == fields && trigger == nil, "\(subjects) \(keystrokes)")
    }

    @Test("fan-in: the operator over as many inputs", arguments: App.FanInOperator.allCases, [3, 9])
    func fanIn(_ op: App.FanInOperator, _ inputs: Int) {
        let workload = App.fanIn(op, inputs: inputs)
        #expect(workload.id == "FanIn[operator=\(op.rawValue),inputs=\(inputs)]")
        let flow = workload.make(2).flow
        switch (op, flow) {
        case (.merge, .merge(let sources)), (.combineLatest, .combineLatest(let sources, _)):
            #expect(sources.count == inputs)
        default:
            Issue.record("FanIn \(op.rawValue): the flow is \(flow.operatorName)")
        }
    }

    @Test("live: as many subscribers, one leaving and one joining per value", arguments: [2, 5])
    func live(_ live: Int) {
        let workload = App.subjectChurn(live: live)
        #expect(workload.id == "SubjectChurn[live=\(live)]")
        let scenario = workload.make(10)
        #expect(scenario.subscribers == live)
        #expect(scenario.feed == .churning(subject: 0, count: 10))
    }

    @Test("selectors: as many chains on the one state", arguments: [2, 9])
    func selectors(_ selectors: Int) {
        let workload = App.storeSelectors(selectors: selectors)
        #expect(workload.id == "StoreSelectors[selectors=\(selectors)]")
        let scenario = workload.make(10)
        #expect(scenario.flows.count == selectors)
        #expect(scenario.subjects.count == 1)
    }

    static func count(in flow: Flow, where predicate: (Flow) -> Bool) -> Int {
        (predicate(flow) ? 1 : 0) + flow.inputs.reduce(0) { $0 + count(in: $1, where: predicate) }
    }

    static func maps(in flow: Flow) -> Int { count(in: flow) { if case .map = $0 { true } else { false } } }

    /// How many inputs the first merge in `flow` has; nil where it has none.
    static func mergeInputCount(in flow: Flow) -> Int? {
        first(in: flow) { if case .merge = $0 { true } else { false } }?.inputs.count
    }

    static func first(in flow: Flow, where predicate: (Flow) -> Bool) -> Flow? {
        if predicate(flow) { return flow }
        for input in flow.inputs { if let found = first(in: input, where: predicate) { return found } }
        return nil
    }
}
