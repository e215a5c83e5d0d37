// Registration entry points of the blank dissector (called by plugin.cpp).
#pragma once

void proto_register_blank();
void proto_reg_handoff_blank();
