// One direction of an encrypted Minecraft Java connection: AES-128 in CFB8
// mode, key and IV both the shared secret, one cipher stream from the first
// encrypted byte to the end of the direction (libgcrypt's, as Wireshark's
// own decryption uses). CFB8 resynchronises by itself 16 bytes after a gap:
// each byte's keystream depends on the 16 ciphertext bytes before it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "key_log.hpp"

namespace mcjava {

class StreamCipher {
public:
    StreamCipher() = default;
    ~StreamCipher();
    StreamCipher(const StreamCipher&) = delete;
    StreamCipher& operator=(const StreamCipher&) = delete;

    // Starts the stream with `secret` as key and IV (Minecraft's); false
    // when libgcrypt refuses.
    bool start(const SharedSecret& secret) { return start(secret, secret); }
    bool start(const SharedSecret& key, const SharedSecret& iv);
    bool started() const { return handle_ != nullptr; }
    // Decrypts the next `n` bytes of the stream in place.
    void decrypt(uint8_t* p, size_t n);

private:
    void* handle_ = nullptr;  // gcry_cipher_hd_t, kept out of this header
};

}  // namespace mcjava
