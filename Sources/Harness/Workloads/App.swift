import Dispatch
import RxBenchCore

/// The work apps do, as the libraries' users describe it in their issue trackers: a reused cell's bindings, a
/// form's validity, a wide fan-in, a subject whose subscribers come and go, a store read by many selectors, an
/// array turned into a stream, a consumer slower than its producer. docs/decisions/app-scenarios.md says what
/// each stands for and what it leaves out. Each checksum is computed here in plain Swift from the same values
/// the rows receive. Default sizes keep one run of the slowest library row near a second, so that a standard
/// run of every row stays within the hour.
enum App {
    static let all: [Workload] =
        [cellReuse] + [4, 8].map(formTyping) + [4, 8].map(formOpening)
        + [FanInOperator.combineLatest, .merge].flatMap { op in [1_000, 15_000].map { fanIn(op, inputs: $0) } }
        + [subjectChurn(live: 1_000), storeSelectors(selectors: 100), arrayPipeline, slowConsumer]

    // MARK: The reused cell

    /// A cell's view model: eight properties (behavior subjects, so that binding shows their values at once).
    static let cellInputs = 8
    /// The value a cell input holds before any update: 1000 + its index, distinct from every update.
    static func cellInitial(_ input: Int) -> Int { 1_000 + input }

    /// Per reuse: three bindings of eight inputs, each ended by `takeUntil(prepareForReuse)`, subscribed; one
    /// update of each input; `prepareForReuse`; the bindings disposed.
    static let cellReuse = Workload(
        name: "CellReuse", group: "app",
        summary: "a reused table cell: 3 bindings of 8 view-model inputs, each takeUntil(prepareForReuse); per reuse",
        shape: .creating, defaultSize: 2_000
    ) { reuses in
        let reuse = Flow.subject(cellInputs)
        let inputs = (0..<cellInputs).map(Flow.subject)
        // The title (three inputs combined and formatted), a badge (two inputs, shown when it changes) and the
        // button state (any of three inputs).
        let title = Flow.takeUntil(.map(.combineLatest(Array(inputs[0..<3]), .digits), Stage.increment), trigger: reuse)
        let badge = Flow.takeUntil(.distinctUntilChanged(.combineLatest(Array(inputs[3..<5]), .sum)), trigger: reuse)
        let buttons = Flow.takeUntil(.map(.merge(Array(inputs[5..<8])), Stage.increment), trigger: reuse)
        var latest = (0..<cellInputs).map(cellInitial)
        var titles = [digits(latest[0..<3]) &+ 1]
        var badges = [latest[3] &+ latest[4]]
        var presses = latest[5..<8].map { $0 &+ 1 }
        for update in 0..<cellInputs {
            latest[update] = update
            switch update {
            case 0..<3: titles.append(digits(latest[0..<3]) &+ 1)
            case 3..<5: if latest[3] &+ latest[4] != badges.last { badges.append(latest[3] &+ latest[4]) }
            default: presses.append(update &+ 1)
            }
        }
        let expected = [titles, badges, presses].map { values in
            Checksum.expect(lifecycles: reuses, completions: reuses) { fold in values.forEach { fold.add($0) } }
        }.reduce(Checksum(), +)
        return Scenario(
            subjects: (0..<cellInputs).map { .behavior(initial: cellInitial($0)) } + [.publish],
            flow: title, otherFlows: [badge, buttons], subscribers: 3,
            feed: .spread(subjects: Array(0..<cellInputs), count: cellInputs, trigger: cellInputs),
            lifecycles: reuses, expected: expected)
    }

    static func digits(_ values: ArraySlice<Int>) -> Int { values.reduce(0) { $0 &* 10 &+ $1 } }

    // MARK: The form

    /// The form is valid when the fields' total length, in eighths, is even: it flips every few keystrokes.
    static let validate = IntTransform("valid when the total / 8 is even") { ($0 / 8) & 1 == 0 ? 1 : 0 }
        .plain { ($0 / 8) & 1 == 0 ? 1 : 0 }

    /// `combineLatest(fields).map(validate).distinctUntilChanged()` over behavior subjects that start empty.
    static func form(fields: Int) -> Flow {
        .distinctUntilChanged(.map(.combineLatest((0..<fields).map(Flow.subject), .sum), validate))
    }

    /// What the form's observer sees when `keystrokes` values are typed into the fields in turn (value `v`, the
    /// field's new length, into field `v % fields`).
    static func formValidity(fields: Int, keystrokes: Int) -> [Int] {
        var lengths = [Int](repeating: 0, count: fields)
        var total = 0
        var seen = [validate.apply(0)]
        for value in 0..<keystrokes {
            total = total &- lengths[value % fields] &+ value
            lengths[value % fields] = value
            let valid = validate.apply(total)
            if valid != seen.last { seen.append(valid) }
        }
        return seen
    }

    /// Why the form's checksum needs synchronous delivery.
    static let formOrder =
        "the checksum sees the validity after every keystroke; an asynchronous combineLatest may skip the states between two"

    /// Per keystroke on an open form: one lifecycle, the size in keystrokes.
    static func formTyping(fields: Int) -> Workload {
        Workload(
            name: "FormTyping", group: "app",
            summary: "a form's validity, combineLatest of n fields -> map -> distinctUntilChanged; per keystroke",
            parameters: [.init("fields", fields)], shape: .pumping, defaultSize: 100_000
        ) { keystrokes in formScenario(fields: fields, keystrokes: keystrokes, lifecycles: 1) }
    }

    /// Per form shown: subscribe the validity, one keystroke into each field, dispose; the size in forms.
    static func formOpening(fields: Int) -> Workload {
        Workload(
            name: "FormOpening", group: "app",
            summary: "a form shown: subscribe combineLatest of n fields -> map -> distinct, type in each field, dispose; per form",
            parameters: [.init("fields", fields)], shape: .creating, defaultSize: 2_000
        ) { forms in formScenario(fields: fields, keystrokes: fields, lifecycles: forms) }
    }

    /// `lifecycles` forms of `fields` empty fields, each typed into `keystrokes` times in turn.
    static func formScenario(fields: Int, keystrokes: Int, lifecycles: Int) -> Scenario {
        Scenario(
            subjects: Array(repeating: .behavior(initial: 0), count: fields), flow: form(fields: fields),
            feed: .spread(subjects: Array(0..<fields), count: keystrokes, trigger: nil), lifecycles: lifecycles,
            expected: .expect(lifecycles: lifecycles) { fold in
                formValidity(fields: fields, keystrokes: keystrokes).forEach { fold.add($0) }
            },
            synchronousOrder: formOrder)
    }

    // MARK: Wide fan-in

    enum FanInOperator: String, CaseIterable, Sendable {
        case combineLatest, merge
    }

    /// Per lifecycle: one operator over `inputs` one-value sources (`just(i)`), subscribed to its end. Each
    /// point runs in a process of its own, so that a row that overflows its stack on it is reported, not fatal.
    static func fanIn(_ op: FanInOperator, inputs: Int) -> Workload {
        Workload(
            name: "FanIn", group: "app",
            summary: "\(op.rawValue) over n one-value inputs (a screen combining every item's state); per subscription",
            parameters: [.init("operator", op), .init("inputs", inputs)], shape: .creating,
            defaultSize: max(4, 20_000 / inputs)
        ) { lifecycles in
            let sources = (0..<inputs).map(Flow.just)
            let flow: Flow = op == .merge ? .merge(sources) : .combineLatest(sources, .sum)
            return Scenario(
                flow: flow, lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles, completions: lifecycles) { fold in
                    if op == .merge { (0..<inputs).forEach { fold.add($0) } } else { fold.add((0..<inputs).reduce(0, &+)) }
                },
                synchronousOrder: "the checksum's order is each input run to its end in turn; asynchronous inputs interleave",
                ownProcess: "a row may overflow its stack subscribing \(inputs) inputs: that ends the row's measurement, not the run")
        }
    }

    // MARK: Subscribers that come and go

    /// Per value: the oldest of `live` subscribers leaves, a new one joins, and the value reaches all of them.
    static func subjectChurn(live: Int) -> Workload {
        Workload(
            name: "SubjectChurn", group: "app",
            summary: "a subject with n live subscribers (rows on screen), one leaving and one joining per value; per value",
            parameters: [.init("live", live)], shape: .pumping, defaultSize: 1_000
        ) { values in
            Scenario(
                subjects: [.publish], flow: .map(.subject(0), Stage.increment), subscribers: live,
                feed: .churning(subject: 0, count: values),
                expected: .expect(observers: live) { fold in (0..<values).forEach { fold.add($0 &+ 1) } })
        }
    }

    // MARK: One state, many selectors

    /// Per update of a store's state: `selectors` chains of `map(select) -> distinctUntilChanged`, each of which
    /// sees a change once in 100 updates (selector k changes when `(state + k) / 100` does).
    static func storeSelectors(selectors: Int) -> Workload {
        Workload(
            name: "StoreSelectors", group: "app",
            summary: "one state (behavior subject), n selectors map -> distinctUntilChanged, 1% of updates visible to each; per update",
            parameters: [.init("selectors", selectors)], shape: .pumping, defaultSize: 5_000
        ) { updates in
            let selects = (0..<selectors).map { key in IntTransform("(state + \(key)) / 100") { ($0 &+ key) / 100 }.plain { ($0 &+ key) / 100 } }
            let flows = selects.map { Flow.distinctUntilChanged(.map(.subject(0), $0)) }
            let expected = selects.map { select in
                Checksum.expect { fold in
                    var last = select.apply(0)
                    fold.add(last)
                    for state in 0..<updates where select.apply(state) != last {
                        last = select.apply(state)
                        fold.add(last)
                    }
                }
            }.reduce(Checksum(), +)
            return Scenario(
                subjects: [.behavior(initial: 0)], flow: flows[0], otherFlows: Array(flows.dropFirst()),
                subscribers: selectors, feed: .counting(subject: 0, count: updates, thenComplete: false),
                expected: expected)
        }
    }

    // MARK: A collection as a stream

    /// An array through filter, map and reduce, from the array source each library's users write for it.
    static let arrayPipeline = Workload(
        name: "ArrayPipeline", group: "app",
        summary: "an array (10^6 items) through filter -> map -> reduce, from the library's own array source; per item",
        shape: .pumping, defaultSize: 1_000_000
    ) { items in
        let flow = Flow.reduce(.map(.filter(.from(Array(0..<items)), Stage.notMultipleOf64), Stage.increment), seed: 0, Stage.sum)
        return Scenario(
            flow: flow,
            expected: .expect(completions: 1) { fold in
                fold.add((0..<items).reduce(0) { Stage.notMultipleOf64.test($1) ? $0 &+ $1 &+ 1 : $0 })
            })
    }

    // MARK: A consumer slower than its producer

    /// The consumer's queue (an app's main queue).
    static let consumerQueue = DispatchQueue(label: "rxbench.slow-consumer")

    /// Values pushed from the harness's thread through a map to an observer on a serial queue (a model updated
    /// in the background, shown on the main thread). Timed with the queue free: the hop's cost per value. Its
    /// memory is counted with the queue busy until every value has been pushed (`Scenario.slowConsumer`): what
    /// the row keeps per value its consumer has not taken yet.
    static let slowConsumer = Workload(
        name: "SlowConsumer", group: "app",
        summary: "values pushed through map to an observer on a busy serial queue (background model -> main thread); per value, and the bytes each waiting value holds",
        shape: .pumping, defaultSize: 100_000
    ) { values in
        Scenario(
            subjects: [.publish], flow: .observeOn(.map(.subject(0), Stage.increment), .serial(consumerQueue)),
            feed: .counting(subject: 0, count: values, thenComplete: true), awaitsTermination: true,
            expected: .expect(completions: 1) { fold in (0..<values).forEach { fold.add($0 &+ 1) } },
            slowConsumer: consumerQueue)
    }
}
