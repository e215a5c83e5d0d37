// Registration entry points of the Minecraft Java dissector (plugin.cpp).
#pragma once

void proto_register_mcjava();
void proto_reg_handoff_mcjava();
