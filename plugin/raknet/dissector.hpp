#pragma once

// RakNet and Minecraft Pocket Edition 0.x (protocols bsraknet, bsmcpe).
void proto_register_raknet_bs();
void proto_reg_handoff_raknet_bs();
