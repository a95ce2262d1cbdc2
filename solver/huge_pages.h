// Large arrays in huge pages: the flat tables' slots (ProbeTable,
// probe_table.h) and the no-peek optimum's memo and leaf cache
// (optimal_nopeek.cpp, through HugeAllocator). Their lookups are random over
// tens to hundreds of MB, where 4 KiB pages make most of them miss the TLB
// too.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace pyr {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

// `bytes` (rounded up to the alignment) aligned to `align`, or, from 2 MiB
// on, to 2 MiB and asked for in huge pages where the kernel offers them
// (transparent huge pages, madvise mode). Freed with std::free.
inline void* huge_alloc(std::size_t bytes, std::size_t align) {
    const std::size_t a = bytes >= kHugePage ? kHugePage : align;
    const std::size_t size = (bytes + a - 1) / a * a;
    void* p = std::aligned_alloc(a, size);
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    if (bytes >= kHugePage) madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}

// huge_alloc as a standard allocator (for std::vector, boost::unordered_flat_map).
template <class T>
struct HugeAllocator {
    using value_type = T;
    HugeAllocator() = default;
    template <class U>
    HugeAllocator(const HugeAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        return static_cast<T*>(huge_alloc(n * sizeof(T), std::max(alignof(T), alignof(std::max_align_t))));
    }
    void deallocate(T* p, std::size_t) noexcept { std::free(p); }
    template <class U>
    bool operator==(const HugeAllocator<U>&) const noexcept {
        return true;
    }
};

// `bytes` of zeros, 64-byte aligned, reserved at once and paid for as they
// are first touched: from 2 MiB on, calloc's fresh mapping (which it does
// not clear: the kernel's pages are zero) aligned to 2 MiB inside it and
// asked for in huge pages, as huge_alloc. For a table that grows inside its
// largest size (the no-peek optimum's leaf cache): each page is zeroed once,
// by the kernel, where a table reallocated on each doubling has every new
// array's pages zeroed again (and the old one held while the entries move).
class ZeroedRegion {
public:
    ZeroedRegion() = default;
    explicit ZeroedRegion(std::size_t bytes) {
        const std::size_t a = bytes >= kHugePage ? kHugePage : 64;
        raw_ = std::calloc(bytes + a, 1);
        if (!raw_) throw std::bad_alloc();
        const auto at = (reinterpret_cast<std::uintptr_t>(raw_) + a - 1) / a * a;
        data_ = reinterpret_cast<void*>(at);
#ifdef MADV_HUGEPAGE
        if (bytes >= kHugePage) madvise(data_, (bytes + a - 1) / a * a, MADV_HUGEPAGE);
#endif
    }
    ZeroedRegion(ZeroedRegion&& o) noexcept
        : raw_(std::exchange(o.raw_, nullptr)), data_(std::exchange(o.data_, nullptr)) {}
    ZeroedRegion& operator=(ZeroedRegion&& o) noexcept {
        if (this != &o) {
            std::free(raw_);
            raw_ = std::exchange(o.raw_, nullptr);
            data_ = std::exchange(o.data_, nullptr);
        }
        return *this;
    }
    ZeroedRegion(const ZeroedRegion&) = delete;
    ZeroedRegion& operator=(const ZeroedRegion&) = delete;
    ~ZeroedRegion() { std::free(raw_); }
    void* data() const { return data_; }

private:
    void* raw_ = nullptr;
    void* data_ = nullptr;
};

}  // namespace pyr
