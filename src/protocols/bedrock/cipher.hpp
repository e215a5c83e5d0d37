// One direction of an encrypted Bedrock connection: AES-256 with the
// connection's key, one cipher stream from the direction's first encrypted
// batch on, running across batches (libgcrypt's, as Wireshark's own
// decryption uses). CFB8 with IV = key[0..16) before 1.16.220; from then on
// CTR (GCM's counter mode without its tags): counter block key[0..12) ||
// 00 00 00 02, incremented as a big-endian number. A decrypted batch ends
// with an 8-byte checksum: the first 8 bytes of SHA-256(this direction's
// encrypted batch counter, little-endian u64 || the batch without its
// checksum || key).
#pragma once

#include <cstddef>
#include <cstdint>

#include "key_log.hpp"

namespace bedrock {

constexpr size_t kChecksumSize = 8;

class BatchCipher {
public:
    BatchCipher() = default;
    ~BatchCipher();
    BatchCipher(const BatchCipher&) = delete;
    BatchCipher& operator=(const BatchCipher&) = delete;

    // Starts the stream; false when libgcrypt refuses.
    bool start(const Key& key, bool ctr);
    bool started() const { return handle_ != nullptr; }
    // Closes the stream (start() opens another).
    void stop();
    // Decrypts the next `n` bytes of the stream in place.
    void decrypt(uint8_t* p, size_t n);
    // Encrypts (the same stream the other way: tests and crafted captures).
    void encrypt(uint8_t* p, size_t n);
    // Whether the decrypted batch p[0, n) ends with its checksum; counts the
    // batch either way.
    bool verify(const uint8_t* p, size_t n);
    // Writes the checksum of p[0, n - 8) into its last 8 bytes (encryption's side); counts the batch.
    void seal(uint8_t* p, size_t n);
    uint64_t batches() const { return counter_; }

private:
    void checksum(const uint8_t* p, size_t n, uint8_t out[kChecksumSize]) const;

    void* handle_ = nullptr;  // gcry_cipher_hd_t, kept out of this header
    Key key_{};
    uint64_t counter_ = 0;
};

}  // namespace bedrock
