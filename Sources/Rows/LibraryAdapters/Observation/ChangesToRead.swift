import Foundation

/// The observers whose `onChange` fired during a change on this thread, and have not yet read the new value.
///
/// `withObservationTracking` calls `onChange` in the property's `willSet`, before the new value is stored, so an
/// observer cannot read the value there. Its users read it after the change, on the main queue
/// (`DispatchQueue.main.async`, or a main-actor `Task`), and register again. This list is that queue's stand-in on
/// the sending thread: `afterChange` makes the change, then lets each observer whose `onChange` fired read,
/// deliver and register again, before it returns, as the engines' immediate scheduler delivers before `send`
/// returns. One list per thread, so that no lock is needed: the row's subjects take one sender at a time
/// (`ObservationAdapter.concurrentSendingUnsupported`).
final class ChangesToRead {
    /// The observers to read, linked through `PropertyObserver.nextToRead`: the list allocates nothing, so that the
    /// row's malloc counts are Observation's. An observer is in it at most once: it registers again, and so can
    /// fire again, only after it has read.
    private var first: PropertyObserver?
    private unowned(unsafe) var last: PropertyObserver?
    /// True while `afterChange` lets the observers read: a change made by one of them (an observer that sends)
    /// only adds the observers it wakes to the list being read, so each reads the latest value once.
    private var reading = false

    /// Called from an observer's `onChange`, inside the change.
    static func observerChanged(_ observer: PropertyObserver) {
        let list = current
        if let last = list.last { last.nextToRead = observer } else { list.first = observer }
        list.last = observer
    }

    static func afterChange(_ change: () -> Void) {
        let list = current
        change()
        guard !list.reading else { return }
        list.reading = true
        while let observer = list.first {
            list.first = observer.nextToRead.take()
            if list.first == nil { list.last = nil }
            observer.changeDidEnd()
        }
        list.reading = false
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, { list in list.map { Unmanaged<ChangesToRead>.fromOpaque($0).release() } })
        return key
    }()

    /// This thread's list, made on first use and released when the thread ends.
    private static var current: ChangesToRead {
        if let list = pthread_getspecific(key) { return Unmanaged<ChangesToRead>.fromOpaque(list).takeUnretainedValue() }
        let list = ChangesToRead()
        pthread_setspecific(key, Unmanaged.passRetained(list).toOpaque())
        return list
    }
}
