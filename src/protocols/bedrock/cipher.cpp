#include "cipher.hpp"

#include <gcrypt.h>

#include <cstring>

namespace bedrock {

BatchCipher::~BatchCipher() { stop(); }

void BatchCipher::stop() {
    if (handle_) gcry_cipher_close(static_cast<gcry_cipher_hd_t>(handle_));
    handle_ = nullptr;
}

bool BatchCipher::start(const Key& key, bool ctr) {
    stop();
    counter_ = 0;
    key_ = key;
    static const bool ready = gcry_check_version(nullptr) != nullptr;  // libgcrypt must be initialised once
    if (!ready) return false;
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, GCRY_CIPHER_AES256, ctr ? GCRY_CIPHER_MODE_CTR : GCRY_CIPHER_MODE_CFB8, 0)) return false;
    if (gcry_cipher_setkey(h, key.data(), key.size())) {
        gcry_cipher_close(h);
        return false;
    }
    uint8_t iv[16];
    std::memcpy(iv, key.data(), 16);
    if (ctr) {  // GCM's J0 = IV || 00000001; the first block is encrypted with J0 + 1
        iv[12] = 0, iv[13] = 0, iv[14] = 0, iv[15] = 2;
        if (gcry_cipher_setctr(h, iv, sizeof iv)) {
            gcry_cipher_close(h);
            return false;
        }
    } else if (gcry_cipher_setiv(h, iv, sizeof iv)) {
        gcry_cipher_close(h);
        return false;
    }
    handle_ = h;
    return true;
}

void BatchCipher::decrypt(uint8_t* p, size_t n) {
    if (handle_ && n) gcry_cipher_decrypt(static_cast<gcry_cipher_hd_t>(handle_), p, n, nullptr, 0);
}

void BatchCipher::encrypt(uint8_t* p, size_t n) {
    if (handle_ && n) gcry_cipher_encrypt(static_cast<gcry_cipher_hd_t>(handle_), p, n, nullptr, 0);
}

void BatchCipher::checksum(const uint8_t* p, size_t n, uint8_t out[kChecksumSize]) const {
    gcry_md_hd_t md;
    if (gcry_md_open(&md, GCRY_MD_SHA256, 0)) {
        std::memset(out, 0, kChecksumSize);
        return;
    }
    uint8_t count[8];
    for (int i = 0; i < 8; ++i) count[i] = uint8_t(counter_ >> (8 * i));
    gcry_md_write(md, count, sizeof count);
    gcry_md_write(md, p, n);
    gcry_md_write(md, key_.data(), key_.size());
    std::memcpy(out, gcry_md_read(md, GCRY_MD_SHA256), kChecksumSize);
    gcry_md_close(md);
}

bool BatchCipher::verify(const uint8_t* p, size_t n) {
    if (n < kChecksumSize) {
        ++counter_;
        return false;
    }
    uint8_t want[kChecksumSize];
    checksum(p, n - kChecksumSize, want);
    ++counter_;
    return std::memcmp(want, p + n - kChecksumSize, kChecksumSize) == 0;
}

void BatchCipher::seal(uint8_t* p, size_t n) {
    if (n < kChecksumSize) return;
    checksum(p, n - kChecksumSize, p + n - kChecksumSize);
    ++counter_;
}

}  // namespace bedrock
