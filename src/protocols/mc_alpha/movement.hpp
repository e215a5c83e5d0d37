// The player's position as each side states it, and the server's
// corrections (Alpha's rubber band): the client says where the player is
// (Player Position, Player Position & Look: X, Y, Stance, Z); the server
// sends Player Position & Look (X, Stance, Y, Z) to place the player after
// login or respawn, and otherwise to pull it back from where the client
// said it was. A correction is measured from the last position the client
// stated (or the server's previous placement, if the client has said
// nothing since): its distance and the time since that position.
#pragma once

#include <cstdint>

namespace mcalpha {

// "If Stance - Y is less than 0.1 or greater than 1.65, the stance is
// illegal and the client will be kicked" (seed, Player Position).
constexpr double kMinStance = 0.1;
constexpr double kMaxStance = 1.65;

struct Position {
    double x = 0, y = 0, z = 0;  // y: the feet
    double time = 0;
    uint64_t frame = 0;
};

class Movement {
public:
    // A correction farther than this is a warning (blocks; a setting).
    explicit Movement(double far_threshold) : far_(far_threshold) {}

    // The client stated a position; returns false when its stance is illegal.
    bool client(const Position& p, double stance);

    enum class Kind : uint8_t { Placement, Correction, Far };
    struct Result {
        Kind kind = Kind::Placement;
        double distance = 0;      // Correction, Far: blocks
        double elapsed = 0;       // seconds since the position it is measured from
        uint64_t from_frame = 0;  // that position's message
    };
    // The server placed the player at `p`.
    Result server(const Position& p);
    // Respawn: the next server position is a placement.
    void respawn() { placement_next_ = true; }

    uint64_t corrections() const { return corrections_; }
    double max_correction() const { return max_; }

private:
    double far_;
    Position last_;          // the last stated position (client, or server placement)
    bool known_ = false;
    bool placement_next_ = true;
    uint64_t corrections_ = 0;
    double max_ = 0;
};

}  // namespace mcalpha
