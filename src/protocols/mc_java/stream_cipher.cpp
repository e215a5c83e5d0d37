#include "stream_cipher.hpp"

#include <gcrypt.h>

#include <mutex>

namespace mcjava {

namespace {

// libgcrypt wants its version checked before first use; inside Wireshark
// it already is (gcry_check_version again is harmless).
void init_gcrypt() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
            gcry_check_version(nullptr);
            gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
            gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
        }
    });
}

}  // namespace

StreamCipher::~StreamCipher() {
    if (handle_) gcry_cipher_close(static_cast<gcry_cipher_hd_t>(handle_));
}

bool StreamCipher::start(const SharedSecret& key, const SharedSecret& iv) {
    init_gcrypt();
    if (handle_) {
        gcry_cipher_close(static_cast<gcry_cipher_hd_t>(handle_));
        handle_ = nullptr;
    }
    gcry_cipher_hd_t h = nullptr;
    if (gcry_cipher_open(&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CFB8, 0)) return false;
    if (gcry_cipher_setkey(h, key.data(), key.size()) || gcry_cipher_setiv(h, iv.data(), iv.size())) {
        gcry_cipher_close(h);
        return false;
    }
    handle_ = h;
    return true;
}

void StreamCipher::decrypt(uint8_t* p, size_t n) {
    if (handle_ && n) gcry_cipher_decrypt(static_cast<gcry_cipher_hd_t>(handle_), p, n, nullptr, 0);
}

}  // namespace mcjava
