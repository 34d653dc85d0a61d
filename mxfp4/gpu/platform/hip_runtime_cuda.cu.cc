// File: mxfp4/gpu/platform/hip_runtime_cuda.cu.cc
//
// The HIP runtime subset of hip_runtime.h implemented with the CUDA runtime
// (NVIDIA build; spec: shared/spec/gpu-design.md, "HIP on NVIDIA"). Each
// function forwards to its cuda* twin and passes the CUDA error number through
// unchanged (HIP uses the same numbers), so hipGetErrorName/String can describe
// any error. Compiled by nvcc because it needs the CUDA headers.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/hip_runtime.h"

static_assert(sizeof(hipError_t) == sizeof(cudaError_t), "error codes must be passed through");
static_assert(static_cast<int>(hipMemcpyDeviceToDevice) == static_cast<int>(cudaMemcpyDeviceToDevice),
              "memcpy kinds must agree");
static_assert(static_cast<int>(hipStreamCaptureModeRelaxed) ==
                  static_cast<int>(cudaStreamCaptureModeRelaxed),
              "capture modes must agree");
static_assert(static_cast<int>(hipFuncAttributeMaxDynamicSharedMemorySize) ==
                  static_cast<int>(cudaFuncAttributeMaxDynamicSharedMemorySize),
              "function attributes must agree");
static_assert(hipStreamNonBlocking == cudaStreamNonBlocking, "stream flags must agree");
static_assert(hipEventDisableTiming == cudaEventDisableTiming, "event flags must agree");

namespace {
inline hipError_t H(cudaError_t e) { return static_cast<hipError_t>(static_cast<int>(e)); }
inline cudaError_t C(hipError_t e) { return static_cast<cudaError_t>(static_cast<int>(e)); }
}  // namespace

namespace mxfp4::gpu {
bool GpuBuildEnabled() { return true; }
const char* GpuBuildDescription() {
  static char description[64];
  if (description[0] == '\0') {
    std::snprintf(description, sizeof description, "cuda sm_90a (nvcc %d.%d)", __CUDACC_VER_MAJOR__,
                  __CUDACC_VER_MINOR__);
  }
  return description;
}
}  // namespace mxfp4::gpu

hipError_t hipGetDeviceCount(int* count) { return H(cudaGetDeviceCount(count)); }
hipError_t hipGetDevice(int* device) { return H(cudaGetDevice(device)); }
hipError_t hipSetDevice(int device) { return H(cudaSetDevice(device)); }

hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device) {
  if (prop == nullptr) return hipErrorInvalidValue;
  cudaDeviceProp p;
  cudaError_t e = cudaGetDeviceProperties(&p, device);
  if (e != cudaSuccess) return H(e);
  std::memset(prop, 0, sizeof *prop);
  std::memcpy(prop->name, p.name, sizeof prop->name - 1);
  prop->totalGlobalMem = p.totalGlobalMem;
  prop->sharedMemPerBlock = p.sharedMemPerBlock;
  prop->sharedMemPerBlockOptin = p.sharedMemPerBlockOptin;
  prop->sharedMemPerMultiprocessor = p.sharedMemPerMultiprocessor;
  prop->regsPerBlock = p.regsPerBlock;
  prop->warpSize = p.warpSize;
  prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
  prop->maxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
  prop->multiProcessorCount = p.multiProcessorCount;
  prop->major = p.major;
  prop->minor = p.minor;
  prop->l2CacheSize = p.l2CacheSize;
  prop->memoryBusWidth = p.memoryBusWidth;
  prop->pciBusID = p.pciBusID;
  return hipSuccess;
}

hipError_t hipDeviceSynchronize() { return H(cudaDeviceSynchronize()); }
hipError_t hipDriverGetVersion(int* version) { return H(cudaDriverGetVersion(version)); }
hipError_t hipRuntimeGetVersion(int* version) { return H(cudaRuntimeGetVersion(version)); }

hipError_t hipGetLastError() { return H(cudaGetLastError()); }
hipError_t hipPeekAtLastError() { return H(cudaPeekAtLastError()); }
const char* hipGetErrorName(hipError_t error) { return cudaGetErrorName(C(error)); }
const char* hipGetErrorString(hipError_t error) { return cudaGetErrorString(C(error)); }

hipError_t hipMalloc(void** ptr, size_t bytes) { return H(cudaMalloc(ptr, bytes)); }
hipError_t hipFree(void* ptr) { return H(cudaFree(ptr)); }
hipError_t hipHostMalloc(void** ptr, size_t bytes, unsigned int flags) {
  return H(cudaHostAlloc(ptr, bytes, flags));
}
hipError_t hipHostFree(void* ptr) { return H(cudaFreeHost(ptr)); }
hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
  return H(cudaMemGetInfo(free_bytes, total_bytes));
}
hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind) {
  return H(cudaMemcpy(dst, src, bytes, static_cast<cudaMemcpyKind>(kind)));
}
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind,
                          hipStream_t stream) {
  return H(cudaMemcpyAsync(dst, src, bytes, static_cast<cudaMemcpyKind>(kind), stream));
}
hipError_t hipMemset(void* dst, int value, size_t bytes) { return H(cudaMemset(dst, value, bytes)); }
hipError_t hipMemsetAsync(void* dst, int value, size_t bytes, hipStream_t stream) {
  return H(cudaMemsetAsync(dst, value, bytes, stream));
}

hipError_t hipStreamCreate(hipStream_t* stream) { return H(cudaStreamCreate(stream)); }
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  return H(cudaStreamCreateWithFlags(stream, flags));
}
hipError_t hipStreamDestroy(hipStream_t stream) { return H(cudaStreamDestroy(stream)); }
hipError_t hipStreamSynchronize(hipStream_t stream) { return H(cudaStreamSynchronize(stream)); }
hipError_t hipStreamQuery(hipStream_t stream) { return H(cudaStreamQuery(stream)); }
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  return H(cudaStreamWaitEvent(stream, event, flags));
}

hipError_t hipEventCreate(hipEvent_t* event) { return H(cudaEventCreate(event)); }
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags) {
  return H(cudaEventCreateWithFlags(event, flags));
}
hipError_t hipEventDestroy(hipEvent_t event) { return H(cudaEventDestroy(event)); }
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  return H(cudaEventRecord(event, stream));
}
hipError_t hipEventSynchronize(hipEvent_t event) { return H(cudaEventSynchronize(event)); }
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  return H(cudaEventElapsedTime(ms, start, stop));
}

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  return H(cudaStreamBeginCapture(stream, static_cast<cudaStreamCaptureMode>(mode)));
}
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph) {
  return H(cudaStreamEndCapture(stream, graph));
}
hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* error_node,
                               char* log_buffer, size_t log_size) {
  // CUDA 12+ reports instantiation errors through the return code only.
  if (error_node != nullptr) *error_node = nullptr;
  if (log_buffer != nullptr && log_size > 0) log_buffer[0] = '\0';
  return H(cudaGraphInstantiate(exec, graph, 0ULL));
}
hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream) {
  return H(cudaGraphLaunch(exec, stream));
}
hipError_t hipGraphExecDestroy(hipGraphExec_t exec) { return H(cudaGraphExecDestroy(exec)); }
hipError_t hipGraphDestroy(hipGraph_t graph) { return H(cudaGraphDestroy(graph)); }

hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value) {
  return H(cudaFuncSetAttribute(func, static_cast<cudaFuncAttribute>(attr), value));
}
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, const void* func,
                                                        int block_size, size_t dynamic_smem) {
  return H(cudaOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, func, block_size,
                                                         dynamic_smem));
}
