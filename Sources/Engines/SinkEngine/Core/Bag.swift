/// The key of one entry in a `Bag`; keys are handed out in increasing order and never reused.
public struct BagKey: Hashable {
    fileprivate let rawValue: UInt64
}

/// RxSwift's container for subject observers and composite disposables, in its shape: the first entry is
/// stored inline, the next ones in an array searched linearly (up to `arrayLimit` entries), and any beyond
/// that in a dictionary. Small bags (the common case: one or two observers, a handful of disposables) never
/// hash and allocate at most the array; large ones remove in constant time.
///
/// Not thread-safe: its owner guards it. Copying a bag copies the inline entry and shares the array and
/// the dictionary until one copy changes (copy on write), so a subject can take a snapshot under its lock
/// without allocating.
///
/// Order: the inline entry, then the array in insertion order, then the dictionary in no defined order.
struct Bag<Element> {
    /// Entries kept in the array before the dictionary is used (RxSwift uses 30).
    static var arrayLimit: Int { 30 }

    private var nextKey: UInt64 = 0

    private var key0: BagKey?
    private var value0: Element?

    private var pairs = ContiguousArray<(key: BagKey, value: Element)>()

    private var dictionary: [BagKey: Element]?

    init() {}

    var count: Int {
        (value0 == nil ? 0 : 1) + pairs.count + (dictionary?.count ?? 0)
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `element`; the key removes it again.
    mutating func insert(_ element: Element) -> BagKey {
        let key = BagKey(rawValue: nextKey)
        nextKey &+= 1
        if key0 == nil {
            key0 = key
            value0 = element
            return key
        }
        if pairs.count < Self.arrayLimit {
            pairs.append((key: key, value: element))
            return key
        }
        dictionary = dictionary ?? [:]
        dictionary![key] = element
        return key
    }

    /// Removes and returns the entry for `key`, if it is still here.
    mutating func removeKey(_ key: BagKey) -> Element? {
        if key0 == key {
            key0 = nil
            return value0.take()
        }
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            return pairs.remove(at: index).value
        }
        return dictionary?.removeValue(forKey: key)
    }

    /// Empties the bag (keys keep increasing).
    mutating func removeAll() {
        key0 = nil
        value0 = nil
        pairs.removeAll(keepingCapacity: false)
        dictionary = nil
    }

    /// Calls `body` for every entry, in the bag's order.
    @inline(__always)
    func forEach(_ body: (Element) -> Void) {
        if let value0 { body(value0) }
        for pair in pairs { body(pair.value) }
        if let dictionary {
            for element in dictionary.values { body(element) }
        }
    }
}
