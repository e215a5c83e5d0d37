#!/bin/bash
# Two network namespaces joined by a veth pair (MTU 1500): the server in bdsrv (198.51.100.1 on bdsrv0),
# the client in bdcli (198.51.100.2 on bdcli0). 198.51.100.0/24 is TEST-NET-2 (documentation range): it
# exists only inside these namespaces. Idempotent. Remove: ip netns del bdsrv; ip netns del bdcli
set -e
ip netns list | grep -qw bdsrv && ip netns list | grep -qw bdcli && exit 0
ip netns del bdsrv 2>/dev/null || true
ip netns del bdcli 2>/dev/null || true
ip netns add bdsrv
ip netns add bdcli
ip link add bdsrv0 type veth peer name bdcli0
ip link set bdsrv0 netns bdsrv
ip link set bdcli0 netns bdcli
ip -n bdsrv addr add 198.51.100.1/24 dev bdsrv0
ip -n bdcli addr add 198.51.100.2/24 dev bdcli0
ip -n bdsrv link set bdsrv0 mtu 1500 up
ip -n bdcli link set bdcli0 mtu 1500 up
ip -n bdsrv link set lo up
ip -n bdcli link set lo up
# no segmentation/receive offloads: every datagram is captured as it is on the wire
if command -v ethtool >/dev/null; then
  ip netns exec bdsrv ethtool -K bdsrv0 tso off gso off gro off >/dev/null 2>&1 || true
  ip netns exec bdcli ethtool -K bdcli0 tso off gso off gro off >/dev/null 2>&1 || true
fi
