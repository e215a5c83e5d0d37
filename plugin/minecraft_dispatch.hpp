// TCP port 25565 is shared by Minecraft Java Edition (mcjava) and Minecraft
// Alpha (mcalpha): one dissector on the port picks, per conversation, from
// the client's first bytes (src/protocols/minecraft_detect.hpp) and hands
// every segment of that conversation to that one protocol only.
#pragma once

void proto_register_minecraft_dispatch();
void proto_reg_handoff_minecraft_dispatch();
