import AsyncAlgorithms

// FlatMapLatestCreating's shape on the global executor: one source value, five nested flatMapLatest of a
// one-element inner, iterated to the end, many times over.
let lifecycles = Int(CommandLine.arguments.dropFirst().first ?? "10000")!
var total = 0
for round in 0..<lifecycles {
    let chain = [round].async
        .flatMapLatest { [$0 + 1].async }
        .flatMapLatest { [$0 + 1].async }
        .flatMapLatest { [$0 + 1].async }
        .flatMapLatest { [$0 + 1].async }
        .flatMapLatest { [$0 + 1].async }
    var result = 0
    for await value in chain { result = value }
    total &+= result
}
print("done", total)
