// The units of the CMake test project and the sizes their copies move.
#pragma once
#include <cstddef>

constexpr std::size_t kElements = 1024;

void upload(float *device, const float *host);
void download(float *host, const float *device);
