// The Minecraft Alpha dissector (protocol mcalpha, seed 001). It registers
// no port of its own: the Minecraft dispatcher (plugin/minecraft_dispatch)
// hands it the connections on 25565 whose client starts with an Alpha
// Handshake, through the handle registered as "mcalpha".
#pragma once

void proto_register_mcalpha();
void proto_reg_handoff_mcalpha();
